// EIP-55 address checks without ethers (the participant app's first screens stay small): an
// address typed in one case gets its checksum; mixed case must carry a valid one, so a typo in a
// checksummed address is caught before any bonus goes to a stranger.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { msg } from '../i18n/i18n';

export function toChecksumAddress(hex40: string): string {
  const lower = hex40.toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(lower));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0x0f;
    out += nibble >= 8 ? lower[i].toUpperCase() : lower[i];
  }
  return out;
}

// problem: an English text, shown through t()
export type AddressCheck = { ok: true; address: string } | { ok: false; problem: string };

export function checkAddress(raw: string): AddressCheck {
  const value = raw.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) {
    return { ok: false, problem: msg('An address is 0x followed by 40 hexadecimal characters.') };
  }
  const digits = value.slice(2);
  const checksummed = toChecksumAddress(digits);
  const oneCase = digits === digits.toLowerCase() || digits === digits.toUpperCase();
  if (!oneCase && checksummed !== value) {
    return { ok: false, problem: msg('This address has a wrong checksum: check it for a typo.') };
  }
  if (/^0x0{40}$/.test(value)) return { ok: false, problem: msg('The zero address cannot receive a bonus.') };
  return { ok: true, address: checksummed };
}

export const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;
