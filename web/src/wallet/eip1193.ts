// The slice of EIP-1193 we rely on: every injected wallet (MetaMask, Rabby, Coinbase...) has it.
export type Eip1193RequestArgs = { method: string; params?: readonly unknown[] | Record<string, unknown> };

export type Eip1193Provider = {
  request(args: Eip1193RequestArgs): Promise<unknown>;
};

// EIP-6963 provider info (the wallet describes itself when it announces).
export type WalletInfo = { uuid: string; name: string; icon: string; rdns: string };

export type DiscoveredWallet = { info: WalletInfo | null; provider: Eip1193Provider };

// EIP-1193 error codes we treat specially.
export const USER_REJECTED_REQUEST = 4001;

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function';
}

export function providerErrorCode(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'number' ? code : null;
}
