// The slice of EIP-1193 we rely on: every injected wallet (MetaMask, Rabby, Coinbase...) has it.
export type Eip1193RequestArgs = { method: string; params?: readonly unknown[] | Record<string, unknown> };

export type Eip1193Provider = {
  request(args: Eip1193RequestArgs): Promise<unknown>;
  // Optional event API (accountsChanged, chainChanged); not every wallet has it.
  on?(event: string, listener: (...args: unknown[]) => void): void;
  removeListener?(event: string, listener: (...args: unknown[]) => void): void;
};

// EIP-6963 provider info (the wallet describes itself when it announces).
export type WalletInfo = { uuid: string; name: string; icon: string; rdns: string };

export type DiscoveredWallet = { info: WalletInfo | null; provider: Eip1193Provider };

// EIP-1193 error codes we treat specially.
export const USER_REJECTED_REQUEST = 4001;
// EIP-3326: wallet_switchEthereumChain to a chain the wallet does not know yet.
export const UNRECOGNIZED_CHAIN = 4902;
// MetaMask: a request of the same kind is already waiting for the user.
export const REQUEST_PENDING = -32002;

export function isEip1193Provider(value: unknown): value is Eip1193Provider {
  return typeof value === 'object' && value !== null && typeof (value as { request?: unknown }).request === 'function';
}

export function providerErrorCode(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'number') return code;
  // MetaMask wraps some errors: { code: -32603, data: { originalError: { code: 4902 } } }
  const original = (error as { data?: { originalError?: { code?: unknown } } }).data?.originalError?.code;
  return typeof original === 'number' ? original : null;
}

// The user said no in the wallet: EIP-1193 code 4001 as the wallet sends it, or as ethers wraps it
// (ACTION_REJECTED, with the wallet's error inside).
export function isUserRejection(error: unknown): boolean {
  if (providerErrorCode(error) === USER_REJECTED_REQUEST) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, info, error: inner } = error as { code?: unknown; info?: { error?: unknown }; error?: unknown };
  if (code === 'ACTION_REJECTED') return true;
  return providerErrorCode(info?.error) === USER_REJECTED_REQUEST || providerErrorCode(inner) === USER_REJECTED_REQUEST;
}

// The wallet's own words for a failure, whatever shape it threw.
export function providerErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
  }
  return String(error);
}
