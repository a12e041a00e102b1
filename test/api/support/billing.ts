import type { TestClient } from './client';

export type PurchaseDto = {
  id: string;
  item: string;
  planName: string;
  amountCents: number;
  currency: string;
  tokens: number;
  gateway: string;
  status: string;
  failureMessage: string | null;
};

export type StartedDto = { clientSecret: string | null; paymentMode: string; purchase: PurchaseDto };

export const GOOD_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };
export const DECLINED_CARD = { cardNumber: '4000 0000 0000 0002', expiry: '12/39', cvc: '123' };

/** Starts a checkout over REST; fails the test on anything but 200. */
export async function startCheckout(client: TestClient, item: string, currency = 'usd'): Promise<StartedDto> {
  const res = await client.rest<StartedDto>('POST', '/v1/billing/paymentIntent', { items: item, currency });
  if (res.status !== 200) throw new Error(`paymentIntent failed: ${JSON.stringify(res.body)}`);
  return res.body.result!;
}

/** Buys a plan in sandbox mode with the good test card; returns the purchase. */
export async function buyCredit(client: TestClient, item = '10credits'): Promise<PurchaseDto> {
  const started = await startCheckout(client, item);
  const paid = await client.rest<PurchaseDto>('POST', '/v1/billing/confirmSandboxPayment', {
    purchaseId: started.purchase.id,
    ...GOOD_CARD,
  });
  if (paid.body.result?.status !== 'succeeded') throw new Error(`payment failed: ${JSON.stringify(paid.body)}`);
  return paid.body.result;
}

export async function balanceOf(client: TestClient): Promise<number> {
  const res = await client.rest<{ balance: number }>('GET', '/v1/billing/balance');
  if (res.status !== 200) throw new Error(`balance failed: ${JSON.stringify(res.body)}`);
  return res.body.result!.balance;
}
