import { expect } from 'vitest';
import { CryptoError, type CryptoErrorCode } from './errors';

// Fixed inputs shared by the crypto tests. Every value here, and every expected output pasted
// into the tests, was computed once by known-answers.py (Python `cryptography`, an independent
// implementation) and committed. Never regenerate them from this module's own output.

export const ROOM_ID = '7d1f3c2a-5b64-4e8f-9a0b-1c2d3e4f5a6b';
export const USER_ID = '0b7e6a52-3c1d-4f2e-8a9b-5c6d7e8f9a01';
export const REQUEST_ID = 'c4a8e2f0-9d3b-4c7a-8e1f-2b3c4d5e6f70';
export const DATASET_ID = '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9';
// Room key K = 00 01 02 ... 1f.
export const ROOM_KEY_HEX = '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f';

// P-256 key A: scalar = SHA-512("parley test key A") mod n. Envelopes below are sealed to it.
export const KEY_A = {
  id: '63073e7232ce145b245b7d764ad2e9bc',
  publicPem: `-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE6MyAESDZNZ31FOrxyxkTpZk4opZN
NBNratLRLwspyyD/VCHAXGaUFRZHbszjdt4UA5WasDnGSKtJsbeX3pJugg==
-----END PUBLIC KEY-----
`,
  privatePem: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgkXdAdh8EqbIy+w7o
Dv3X6JNGPFGSfXYxquHBs+SXSCmhRANCAATozIARINk1nfUU6vHLGROlmTiilk00
E2tq0tEvCynLIP9UIcBcZpQVFkduzON23hQDlZqwOcZIq0mxt5fekm6C
-----END PRIVATE KEY-----
`,
} as const;

// P-256 key B: scalar = SHA-512("parley test key B") mod n. The "wrong key".
export const KEY_B = {
  id: 'eb64f59650dad7f5362eec19e7a15c3b',
  publicPem: `-----BEGIN PUBLIC KEY-----
MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEtk4E+Gxc8VE0BoaMI57vG8Q+9l0R
JkP7BBtV3BdL7h5oP5xCHlZIe9gpypvZqhG7cTZ9WCrmTJ/D+Os+5+kFFg==
-----END PUBLIC KEY-----
`,
  privatePem: `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgHmZ2QmvygX3vJ6wo
D/5OenKfDNKulvY5AUUlYr26yi2hRANCAAS2TgT4bFzxUTQGhowjnu8bxD72XREm
Q/sEG1XcF0vuHmg/nEIeVkh72CnKm9mqEbtxNn1YKuZMn8P46z7n6QUW
-----END PRIVATE KEY-----
`,
} as const;

// A valid EC key on the wrong curve (P-384), which must be rejected.
export const KEY_P384 = {
  publicPem: `-----BEGIN PUBLIC KEY-----
MHYwEAYHKoZIzj0CAQYFK4EEACIDYgAEW8Di3vlF4FJtoWy9+mmdGGXFUa+WbeKD
n5ytBmoiyoyUyRYOi287VLESYEMM9GZzlKt9fuejsTaw1hJPQFyEhByrFLscoELz
PxSD2FXMaRsB4iNTQqhKSRWBelquQLsn
-----END PUBLIC KEY-----
`,
  privatePem: `-----BEGIN PRIVATE KEY-----
MIG2AgEAMBAGByqGSM49AgEGBSuBBAAiBIGeMIGbAgEBBDAAAhDxpvx8H6Lq9Gxc
lJwBrpNeAb8wpDYZKR+uTKXkZaDEfVhybcjwWvzIrcA7QP2hZANiAARbwOLe+UXg
Um2hbL36aZ0YZcVRr5Zt4oOfnK0GaiLKjJTJFg6LbztUsRJgQwz0ZnOUq31+56Ox
NrDWEk9AXISEHKsUuxygQvM/FIPYVcxpGwHiI1NCqEpJFYF6Wq5Auyc=
-----END PRIVATE KEY-----
`,
} as const;

// Asserts that the action fails with a CryptoError of exactly this code (never garbage output,
// never a bare Error or a library exception leaking through).
export async function expectCryptoError(
  action: Promise<unknown> | (() => unknown),
  code: CryptoErrorCode,
): Promise<CryptoError> {
  let caught: unknown = undefined;
  try {
    await (typeof action === 'function' ? action() : action);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(CryptoError);
  expect((caught as CryptoError).code).toBe(code);
  return caught as CryptoError;
}
