import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINED_CARD, GOOD_CARD, startCheckout } from './support/billing';
import { buildUser } from './support/factories';
import { startTestServer, type TestServer } from './support/server';

const TREASURY_KEY = '0x' + '5e'.repeat(32);

let server: TestServer;
let logs = '';
beforeAll(async () => {
  const stream = new PassThrough();
  stream.on('data', (d) => (logs += String(d)));
  server = await startTestServer({ LOG_LEVEL: 'trace', TREASURY_PRIVATE_KEY: TREASURY_KEY }, stream);
});
afterAll(async () => {
  await server?.close();
});

describe('billing logs', () => {
  it('never contain card numbers or the treasury key', async () => {
    const user = await buildUser(server);
    const started = await startCheckout(user.client, '10credits');
    const purchaseId = started.purchase.id;
    await user.client.rest('POST', '/v1/billing/confirmSandboxPayment', { purchaseId, ...DECLINED_CARD });
    await user.client.rest('POST', '/v1/billing/confirmSandboxPayment', {
      purchaseId,
      ...GOOD_CARD,
      cardNumber: '4111111111111111',
    });
    await user.client.gql(`mutation($input: SandboxPaymentInput!) { confirmSandboxPayment(input: $input) { id } }`, {
      input: { purchaseId, ...GOOD_CARD },
    });
    await user.client.rest('POST', '/v1/billing/withdraw', {
      amount: 1,
      walletAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    });

    expect(logs.split('\n').length).toBeGreaterThan(10);
    for (const secret of ['4242424242424242', '4242 4242 4242 4242', '4000 0000 0000 0002', '4111111111111111']) {
      expect(logs).not.toContain(secret);
    }
    expect(logs).not.toContain(TREASURY_KEY.slice(2));
  });
});
