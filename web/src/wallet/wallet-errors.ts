// Every way a wallet step can fail, with the words the user sees (product spec s.8 where it has
// them). Screens show `title` and `message`; callers branch on `kind`.

// Spec s.8, "No browser wallet" (spelling as in the spec's error catalogue).
export const METAMASK_REQUIRED_TITLE = 'Metamask account required';
export const METAMASK_REQUIRED_TEXT = 'Please install meta to continue to recieve IPT tokens!';
// Spec s.8, "Not enough tokens to save a request".
export const INSUFFICIENT_TOKENS_TITLE = 'Purchase Tokens to continue';
export const INSUFFICIENT_TOKENS_TEXT = 'You do not have enough tokens in this account to continue!';

export type WalletErrorKind =
  // No EIP-6963 wallet and no window.ethereum in this browser.
  | 'no-wallet'
  // The wallet is there but shares no account (locked, or every account disconnected).
  | 'no-account'
  // The user declined a prompt in the wallet (EIP-1193 code 4001). Nothing was changed.
  | 'rejected'
  // The wallet is on another chain and did not switch to the configured one.
  | 'wrong-network'
  // The wallet's account holds fewer IPT than the step needs.
  | 'insufficient-balance'
  // The wallet's account has no ETH (or too little) for the network fee of a transaction.
  | 'no-gas'
  // The server has no working chain settings (chain off, addresses missing).
  | 'not-configured'
  // The request already has an escrow that belongs to someone else.
  | 'escrow-exists'
  // Anything else: the wallet's or the contract's own words.
  | 'failed';

const TITLES: Record<WalletErrorKind, string> = {
  'no-wallet': METAMASK_REQUIRED_TITLE,
  'no-account': METAMASK_REQUIRED_TITLE,
  rejected: 'Request declined in your wallet',
  'wrong-network': 'Wrong network',
  'insufficient-balance': INSUFFICIENT_TOKENS_TITLE,
  'no-gas': 'No ETH for network fees',
  'not-configured': 'IPT is not available',
  'escrow-exists': 'This request is already funded',
  failed: 'The wallet could not finish',
};

export class WalletError extends Error {
  override readonly name = 'WalletError';
  readonly title: string;

  constructor(
    readonly kind: WalletErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.title = TITLES[kind];
  }
}

export const noWallet = () => new WalletError('no-wallet', METAMASK_REQUIRED_TEXT);
export const noAccount = () =>
  new WalletError('no-account', 'Unlock your wallet and connect an account to Parley to continue.');
export const rejected = (cause?: unknown) =>
  new WalletError('rejected', 'You declined the request in your wallet, so nothing was changed or saved.', { cause });
export const insufficientBalance = () => new WalletError('insufficient-balance', INSUFFICIENT_TOKENS_TEXT);
// Never the provider's "insufficient funds for intrinsic transaction cost": what it means and the fix.
export const NO_GAS_TEXT =
  'Every step in your wallet sends a transaction, and each one costs a little ETH as a network fee. This wallet account has no ETH, so nothing was sent or saved. On the local test chain, press “Get test funds” in Settings → Wallet; on another network, add some ETH to this account, then try again.';
export const noGas = (cause?: unknown) => new WalletError('no-gas', NO_GAS_TEXT, { cause });

export function isWalletError(error: unknown): error is WalletError {
  return error instanceof WalletError;
}
