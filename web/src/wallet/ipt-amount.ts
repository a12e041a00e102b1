// IPT has 0 decimals: every on-chain amount is a whole number of tokens.
import { WalletError } from './wallet-errors';

export type IptAmount = number | bigint;

// A whole, positive IPT amount as the contracts take it; anything else is a caller's bug, reported
// before any wallet prompt.
export function wholeIpt(value: IptAmount, label: string): bigint {
  const whole = typeof value === 'bigint' ? value : Number.isSafeInteger(value) ? BigInt(value) : null;
  if (whole === null || whole < 1n) {
    throw new WalletError('failed', `${label} must be a whole number of IPT, at least 1 (got ${String(value)}).`);
  }
  return whole;
}

export type EscrowAmounts = { amount: bigint; bonusEach: bigint };

export function escrowAmounts(amount: IptAmount, bonusEach: IptAmount): EscrowAmounts {
  const total = wholeIpt(amount, 'The total bonus');
  const each = wholeIpt(bonusEach, 'The bonus per response');
  if (each > total) throw new WalletError('failed', 'The bonus per response cannot exceed the total bonus.');
  return { amount: total, bonusEach: each };
}

// 1234567n -> "1,234,567" (en-US grouping; BigInt keeps amounts beyond 2^53 exact).
export function formatIpt(value: bigint | number): string {
  return BigInt(value).toLocaleString('en-US');
}
