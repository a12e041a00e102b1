import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from './bytes';
import {
  classifyKeyFile,
  createKeyBackup,
  DEFAULT_SCRYPT,
  isKeyBackupText,
  openKeyBackup,
  type KeyBackupFile,
} from './key-backup';
import { expectCryptoError, KEY_A, KEY_B } from './known-answers.fixture';

// Computed by known-answers.py ("key backup"): key A's private PEM sealed under the passphrase
// below (NFKC: "Parley backup 2026!") with scrypt N=1024 r=8 p=1, salt 00..0f, IV 10..1b.
const PASSPHRASE = 'Ｐａｒｌｅｙ backup 2026!';
const SALT = Uint8Array.from({ length: 16 }, (_, i) => i);
const IV = Uint8Array.from({ length: 12 }, (_, i) => 16 + i);
const CIPHERTEXT =
  'olAHuk51F4UUAlMn4C6wO6Y4TMSxtmW0UBahu6twA2ZrJvI5Q9Ukx85QBMQv3+6CXSIO5Maq4qIb9Yq+eGt7t7EZecDtiBhz4qTaREJpEn2CYGyskv5Q7KQLBpGsbUAENVK8UsIgTpB5H0zZZWKOHSzOUxUX9tX0LaTB7Dqe8T+mzchzanfl05CYO7Fdc5ypKCFlq7hTOefBTrVUOr2ejpjgMQqq7eyLpnWEFLA9EMGF4SpzC1+T6o2qZDRoh1KA6Q/fWAXlhkp/jx5Mk7lK14rPE7RLSmvaggFVwJiUP8JnCVu57G/hkrf6uyt+gsAI6vuUv1A1lcCiMn4uNVJllh8=';
const FAST = { N: 1024, r: 8, p: 1 };
const pairA = { publicKeyPem: KEY_A.publicPem, privateKeyPem: KEY_A.privatePem };

const vectorFile: KeyBackupFile = {
  format: 'parley-key-backup',
  version: 1,
  keyId: KEY_A.id,
  publicKey: KEY_A.publicPem,
  kdf: { name: 'scrypt', N: 1024, r: 8, p: 1, dkLen: 32, salt: toBase64(SALT) },
  cipher: { name: 'AES-256-GCM', iv: toBase64(IV) },
  ciphertext: CIPHERTEXT,
};

const edit = (text: string, change: (file: KeyBackupFile) => void) => {
  const file = JSON.parse(text) as KeyBackupFile;
  change(file);
  return JSON.stringify(file);
};

describe('key backup (known answer)', () => {
  it('writes exactly the documented file for fixed salt and IV', async () => {
    const text = await createKeyBackup(pairA, PASSPHRASE, { scrypt: FAST, salt: SALT, iv: IV });
    expect(JSON.parse(text)).toEqual(vectorFile);
  });

  it('opens the vector with the passphrase, typed in either form', async () => {
    for (const passphrase of [PASSPHRASE, 'Parley backup 2026!']) {
      expect(await openKeyBackup(JSON.stringify(vectorFile), passphrase)).toEqual({
        keyId: KEY_A.id,
        publicKeyPem: KEY_A.publicPem,
        privateKeyPem: KEY_A.privatePem,
      });
    }
  });
});

describe('key backup', () => {
  it('round-trips with the default scrypt cost and fresh salt and IV each time', async () => {
    const first = await createKeyBackup(pairA, 'a long and unusual passphrase');
    const second = await createKeyBackup(pairA, 'a long and unusual passphrase');
    const parsed = JSON.parse(first) as KeyBackupFile;
    expect(parsed.kdf).toMatchObject({ ...DEFAULT_SCRYPT, dkLen: 32 });
    expect(fromBase64(parsed.kdf.salt)).toHaveLength(16);
    expect(parsed.ciphertext).not.toBe((JSON.parse(second) as KeyBackupFile).ciphertext);
    expect(first).not.toContain('PRIVATE KEY');
    expect((await openKeyBackup(first, 'a long and unusual passphrase')).privateKeyPem).toBe(KEY_A.privatePem);
  }, 30_000);

  it('refuses a wrong passphrase', async () => {
    await expectCryptoError(openKeyBackup(JSON.stringify(vectorFile), 'Parley backup 2025!'), 'BACKUP_OPEN_FAILED');
  });

  it('refuses a tampered salt, IV, ciphertext or key id', async () => {
    const text = JSON.stringify(vectorFile);
    const flip = (b64: string) => {
      const bytes = fromBase64(b64)!;
      bytes[0] ^= 1;
      return toBase64(bytes);
    };
    await expectCryptoError(
      openKeyBackup(
        edit(text, (f) => (f.kdf.salt = flip(f.kdf.salt))),
        PASSPHRASE,
      ),
      'BACKUP_OPEN_FAILED',
    );
    await expectCryptoError(
      openKeyBackup(
        edit(text, (f) => (f.cipher.iv = flip(f.cipher.iv))),
        PASSPHRASE,
      ),
      'BACKUP_OPEN_FAILED',
    );
    await expectCryptoError(
      openKeyBackup(
        edit(text, (f) => (f.ciphertext = flip(f.ciphertext))),
        PASSPHRASE,
      ),
      'BACKUP_OPEN_FAILED',
    );
    // another key's public half and id written beside the sealed key
    await expectCryptoError(
      openKeyBackup(
        edit(text, (f) => ((f.keyId = KEY_B.id), (f.publicKey = KEY_B.publicPem))),
        PASSPHRASE,
      ),
      'BACKUP_OPEN_FAILED',
    );
    await expectCryptoError(
      openKeyBackup(
        edit(text, (f) => (f.keyId = KEY_B.id)),
        PASSPHRASE,
      ),
      'BAD_BACKUP',
    );
  });

  it('refuses files that are not backups, other versions and scrypt costs a file may not ask for', async () => {
    const text = JSON.stringify(vectorFile);
    await expectCryptoError(openKeyBackup('not json', PASSPHRASE), 'BAD_BACKUP');
    await expectCryptoError(openKeyBackup(KEY_A.privatePem, PASSPHRASE), 'BAD_BACKUP');
    await expectCryptoError(
      openKeyBackup(
        edit(text, (f) => ((f as { version: number }).version = 2)),
        PASSPHRASE,
      ),
      'BAD_BACKUP',
    );
    for (const kdf of [{ N: 2 ** 24 }, { N: 1000 }, { r: 64 }, { p: 100 }, { N: 2 ** 20, r: 16 }]) {
      await expectCryptoError(
        openKeyBackup(
          edit(text, (f) => Object.assign(f.kdf, kdf)),
          PASSPHRASE,
        ),
        'BAD_BACKUP',
      );
    }
  });

  it('will not back up halves that do not belong together', async () => {
    await expectCryptoError(
      createKeyBackup({ publicKeyPem: KEY_B.publicPem, privateKeyPem: KEY_A.privatePem }, PASSPHRASE, { scrypt: FAST }),
      'INVALID_ARGUMENT',
    );
  });

  it('recognises key files by content, whatever their name', () => {
    expect(classifyKeyFile(KEY_A.publicPem)).toBe('public');
    expect(classifyKeyFile(KEY_A.privatePem)).toBe('private');
    expect(classifyKeyFile(JSON.stringify(vectorFile))).toBe('backup');
    expect(classifyKeyFile('hello')).toBe('unknown');
    expect(isKeyBackupText('{"format":"something else"}')).toBe(false);
  });
});
