import { afterEach, describe, expect, it } from 'vitest';
import { loadPrivateKey, PRIVATE_KEY_STORAGE_PREFIX, removePrivateKey, savePrivateKey } from './key-storage';
import { expectCryptoError, KEY_A, KEY_B } from './known-answers.fixture';

describe('private key storage', () => {
  afterEach(() => localStorage.clear());

  it('keeps each private key in localStorage under parley.privateKey.<keyId>', () => {
    savePrivateKey(KEY_A.id, KEY_A.privatePem);
    savePrivateKey(KEY_B.id, KEY_B.privatePem);

    expect(PRIVATE_KEY_STORAGE_PREFIX).toBe('parley.privateKey.');
    expect(localStorage.getItem(`parley.privateKey.${KEY_A.id}`)).toBe(KEY_A.privatePem);
    expect(loadPrivateKey(KEY_A.id)).toBe(KEY_A.privatePem);
    expect(loadPrivateKey(KEY_B.id)).toBe(KEY_B.privatePem);

    removePrivateKey(KEY_A.id);
    expect(loadPrivateKey(KEY_A.id)).toBeNull();
    expect(loadPrivateKey(KEY_B.id)).toBe(KEY_B.privatePem);
  });

  it('uses an injected storage instead of localStorage', () => {
    const entries = new Map<string, string>();
    const storage = {
      getItem: (key: string) => entries.get(key) ?? null,
      setItem: (key: string, value: string) => void entries.set(key, value),
      removeItem: (key: string) => void entries.delete(key),
    };
    savePrivateKey(KEY_A.id, KEY_A.privatePem, storage);
    expect([...entries.keys()]).toEqual([`parley.privateKey.${KEY_A.id}`]);
    expect(localStorage.length).toBe(0);
    expect(loadPrivateKey(KEY_A.id, storage)).toBe(KEY_A.privatePem);
  });

  it('refuses ids that could address another entry, and non-private-key text', async () => {
    await expectCryptoError(() => savePrivateKey('../other', KEY_A.privatePem), 'BAD_KEY_ID');
    await expectCryptoError(() => loadPrivateKey(KEY_A.id.toUpperCase()), 'BAD_KEY_ID');
    await expectCryptoError(() => savePrivateKey(KEY_A.id, KEY_A.publicPem), 'BAD_PEM');
    expect(localStorage.length).toBe(0);
  });
});
