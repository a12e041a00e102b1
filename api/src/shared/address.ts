import { getAddress, ZeroAddress } from 'ethers';
import { z } from 'zod';

/**
 * An EVM address: 0x + 40 hex digits; mixed case must carry a valid EIP-55 checksum (a typo in a
 * checksummed address is caught instead of paying a stranger). Output is checksummed.
 */
export const evmAddress = (label: string) =>
  z
    .string()
    .trim()
    .max(42, `${label} must be a 0x-prefixed 20-byte address`)
    .regex(/^0x[0-9a-fA-F]{40}$/, `${label} must be a 0x-prefixed 20-byte address`)
    .transform((raw, ctx) => {
      let address: string;
      try {
        address = getAddress(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: `${label} has a wrong checksum: check it for a typo` });
        return z.NEVER;
      }
      if (address === ZeroAddress) {
        ctx.addIssue({ code: 'custom', message: `${label} cannot be the zero address` });
        return z.NEVER;
      }
      return address;
    });
