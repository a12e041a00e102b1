import { describe, expect, it } from 'vitest';
import type { RuntimeConfigQuery } from './runtime-config.generated';
import { parseRuntimeConfig } from './runtime-config';

const TOKEN = `0x${'aa'.repeat(20)}`;
const FACTORY = `0x${'bb'.repeat(20)}`;

function raw(overrides: Partial<RuntimeConfigQuery['runtimeConfig']> = {}): RuntimeConfigQuery['runtimeConfig'] {
  return {
    chainId: 31337,
    rpcUrl: 'http://127.0.0.1:8545',
    iptTokenAddress: TOKEN,
    escrowFactoryAddress: FACTORY,
    chainError: null,
    stripePublishableKey: null,
    paymentMode: 'sandbox',
    testCards: [{ number: '4242424242424242', brand: 'Visa', outcome: 'succeeds', message: null }],
    testFunds: false,
    ...overrides,
  };
}

describe('runtime config', () => {
  it('reads the chain, the contracts and the sandbox test cards', () => {
    expect(parseRuntimeConfig(raw())).toEqual({
      chain: {
        chainId: 31337,
        rpcUrl: 'http://127.0.0.1:8545/',
        iptTokenAddress: TOKEN,
        escrowFactoryAddress: FACTORY,
      },
      chainError: null,
      payments: {
        mode: 'sandbox',
        testCards: [{ number: '4242424242424242', brand: 'Visa', outcome: 'succeeds', message: null }],
      },
      testFunds: false,
    });
    // test funds only where the chain works
    expect(parseRuntimeConfig(raw({ testFunds: true })).testFunds).toBe(true);
    expect(parseRuntimeConfig(raw({ testFunds: true, chainError: 'anvil did not start' })).testFunds).toBe(false);
  });

  it("turns the chain off with the server's reason, or ours for a malformed address", () => {
    const off = parseRuntimeConfig(raw({ chainId: null, iptTokenAddress: null, chainError: 'anvil did not start' }));
    expect(off).toMatchObject({ chain: null, chainError: 'anvil did not start' });
    const malformed = parseRuntimeConfig(raw({ iptTokenAddress: '0x1234' }));
    expect(malformed.chain).toBeNull();
    expect(malformed.chainError).toMatch(/not configured/);
    // an RPC URL that is not http(s) is dropped, the rest still works
    expect(parseRuntimeConfig(raw({ rpcUrl: 'javascript:alert(1)' })).chain?.rpcUrl).toBeNull();
  });

  it('reads Stripe mode and its publishable key', () => {
    expect(
      parseRuntimeConfig(raw({ paymentMode: 'stripe', stripePublishableKey: 'pk_test_123', testCards: [] })).payments,
    ).toEqual({ mode: 'stripe', publishableKey: 'pk_test_123' });
    expect(parseRuntimeConfig(raw({ paymentMode: 'stripe', stripePublishableKey: null })).payments).toEqual({
      mode: 'stripe',
      publishableKey: null,
    });
  });
});
