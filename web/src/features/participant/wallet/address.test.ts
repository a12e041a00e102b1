import { getAddress, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { checkAddress } from './address';

describe('participant wallet addresses', () => {
  it('checksums like ethers and accepts one-case input', () => {
    for (let i = 0; i < 20; i++) {
      const address = Wallet.createRandom().address;
      expect(checkAddress(address)).toEqual({ ok: true, address });
      expect(checkAddress(address.toLowerCase())).toEqual({ ok: true, address: getAddress(address) });
      expect(checkAddress(` ${'0x' + address.slice(2).toUpperCase()} `)).toEqual({ ok: true, address });
    }
  });

  it('refuses a typo in a checksummed address, bad shapes and the zero address', () => {
    const address = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
    expect(checkAddress(address)).toEqual({ ok: true, address });
    const typo = address.replace('aAeb', 'aAEb');
    expect(checkAddress(typo)).toEqual({ ok: false, problem: expect.stringMatching(/wrong checksum/) });
    expect(checkAddress('0x123').ok).toBe(false);
    expect(checkAddress('5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed').ok).toBe(false);
    expect(checkAddress('0x' + '0'.repeat(40)).ok).toBe(false);
  });
});
