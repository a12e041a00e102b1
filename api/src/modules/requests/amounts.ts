import { z } from 'zod';
import { MAX_ENTRY_AMOUNT } from '../billing/ledger.service';

/**
 * A whole-IPT amount. The wizard sends the spec's decimal format (digits with an optional
 * fractional part) as a string or a number; IPT has 0 decimals, so a fractional amount is refused
 * like a malformed one ("10.0" is ten, "10.5" is an error). Negative values are refused.
 */
export const iptAmount = (label: string, min: number) =>
  z.union([z.number(), z.string().max(20, `${label} is too long`)]).transform((raw, ctx) => {
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    let value: number;
    if (typeof raw === 'number') {
      // (z.number() has already refused NaN and the infinities)
      if (raw < 0) return fail(`${label} must not be negative`);
      value = raw;
    } else {
      const text = raw.trim();
      if (text.startsWith('-')) return fail(`${label} must not be negative`);
      if (!/^\d+(\.\d+)?$/.test(text)) return fail(`${label} must be a decimal number`);
      value = Number(text);
    }
    if (!Number.isInteger(value)) return fail(`${label} must be a whole number of IPT (IPT has no decimals)`);
    if (value < min) return fail(`${label} must be at least ${min}`);
    if (value > MAX_ENTRY_AMOUNT) return fail(`${label} must be at most ${MAX_ENTRY_AMOUNT}`);
    return value;
  });
