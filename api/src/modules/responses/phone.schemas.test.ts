import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { encryptedDataSchema, sealedKeySchema } from './phone.schemas';

// The server checks envelope shapes only; every published vector must pass them
// (docs/phone-response-encryption.md), and a sealed key nobody can open must not.
const { vectors } = JSON.parse(readFileSync('docs/vectors/phone-response.json', 'utf8')) as {
  vectors: { encryptedData: string; sealedKey: string }[];
};

describe('phone envelope shapes', () => {
  it('accept every published vector', () => {
    for (const v of vectors) {
      expect(encryptedDataSchema.safeParse(v.encryptedData).success).toBe(true);
      expect(sealedKeySchema.safeParse(v.sealedKey).success).toBe(true);
    }
  });

  it('refuse a sealed key whose encapsulated key is off the curve, compressed or the point at infinity', () => {
    const body = Buffer.from(vectors[0].sealedKey.slice('hpke1.'.length), 'base64');
    const variant = (change: (b: Buffer) => void) => {
      const copy = Buffer.from(body);
      change(copy);
      return 'hpke1.' + copy.toString('base64');
    };
    for (const bad of [
      variant((b) => (b[64] ^= 1)), // y + 1: not on P-256
      variant((b) => (b[0] = 0x03)), // compressed tag
      variant((b) => b.fill(0, 0, 65)), // all zero
    ]) {
      const result = sealedKeySchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0].message).toContain('P-256 point');
    }
  });
});
