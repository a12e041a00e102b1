// Encrypted key pair backup (CRYPTO.md s.1b, format in docs/key-backup.md): one JSON file holding
// the public key in clear and the private key sealed with AES-256-GCM under a key derived from a
// passphrase with scrypt (@noble/hashes). Runs in the browser; the passphrase and the private key
// never leave it.
import { scryptAsync } from '@noble/hashes/scrypt.js';
import { fromBase64, fromUtf8, randomBytes, toBase64, utf8, type Bytes } from './bytes';
import { CryptoError } from './errors';
import { checkKeyPairMatches, isKeyId, keyIdFromPublicKeyPem, type KeyId } from './keys';

export const KEY_BACKUP_FORMAT = 'parley-key-backup';
export const KEY_BACKUP_VERSION = 1;

export type ScryptParams = { N: number; r: number; p: number };
// OWASP's scrypt recommendation: 2^17 x 8 x 1, 128 MiB, about a second in a browser.
export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
// What a file may ask for: small enough that a crafted file cannot exhaust the browser's memory.
const LIMITS = { minLogN: 10, maxLogN: 20, maxR: 16, maxP: 4, maxMemory: 256 * 1024 * 1024 };
const SALT_BYTES = 16;
const IV_BYTES = 12;
const KEY_BYTES = 32;

export type KeyBackupFile = {
  format: typeof KEY_BACKUP_FORMAT;
  version: typeof KEY_BACKUP_VERSION;
  keyId: KeyId;
  publicKey: string;
  kdf: { name: 'scrypt'; N: number; r: number; p: number; dkLen: number; salt: string };
  cipher: { name: 'AES-256-GCM'; iv: string };
  ciphertext: string;
};

export type BackedUpKeyPair = { keyId: KeyId; publicKeyPem: string; privateKeyPem: string };

// Test seams: fixed salt and IV for the known-answer vector, cheaper scrypt in unit tests.
export type BackupOptions = { scrypt?: ScryptParams; salt?: Uint8Array; iv?: Uint8Array };

// The AAD binds the ciphertext to the format, its version and the key id written beside it.
function backupAad(keyId: KeyId): Bytes {
  return utf8(`${KEY_BACKUP_FORMAT}|v${KEY_BACKUP_VERSION}|${keyId}`);
}

// NFKC so the same passphrase typed on another keyboard or system derives the same key.
async function deriveKey(passphrase: string, salt: Uint8Array, params: ScryptParams): Promise<CryptoKey> {
  const raw = await scryptAsync(utf8(passphrase.normalize('NFKC')), salt, { ...params, dkLen: KEY_BYTES });
  try {
    return await crypto.subtle.importKey('raw', new Uint8Array(raw), 'AES-GCM', false, ['encrypt', 'decrypt']);
  } finally {
    raw.fill(0);
  }
}

function checkParams({ N, r, p }: ScryptParams): void {
  const logN = Math.log2(N);
  const ok =
    Number.isInteger(logN) &&
    logN >= LIMITS.minLogN &&
    logN <= LIMITS.maxLogN &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= LIMITS.maxR &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= LIMITS.maxP &&
    128 * N * r <= LIMITS.maxMemory;
  if (!ok) throw new CryptoError('BAD_BACKUP', `unsupported scrypt parameters N=${N} r=${r} p=${p}`);
}

/** Seals a key pair under a passphrase; returns the backup file's text (JSON). */
export async function createKeyBackup(
  pair: { publicKeyPem: string; privateKeyPem: string },
  passphrase: string,
  options: BackupOptions = {},
): Promise<string> {
  if (!passphrase) throw new CryptoError('INVALID_ARGUMENT', 'a backup needs a passphrase');
  if (!(await checkKeyPairMatches(pair.publicKeyPem, pair.privateKeyPem))) {
    throw new CryptoError('INVALID_ARGUMENT', 'the private key does not belong to the public key');
  }
  const params = options.scrypt ?? DEFAULT_SCRYPT;
  checkParams(params);
  const salt = options.salt ?? randomBytes(SALT_BYTES);
  const iv = options.iv ?? randomBytes(IV_BYTES);
  const keyId = await keyIdFromPublicKeyPem(pair.publicKeyPem);
  const key = await deriveKey(passphrase, salt, params);
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv: new Uint8Array(iv), additionalData: backupAad(keyId) },
    key,
    utf8(pair.privateKeyPem),
  );
  const file: KeyBackupFile = {
    format: KEY_BACKUP_FORMAT,
    version: KEY_BACKUP_VERSION,
    keyId,
    publicKey: pair.publicKeyPem,
    kdf: { name: 'scrypt', ...params, dkLen: KEY_BYTES, salt: toBase64(salt) },
    cipher: { name: 'AES-256-GCM', iv: toBase64(iv) },
    ciphertext: toBase64(new Uint8Array(sealed)),
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** True when the text is (or claims to be) a key backup file, whatever the file is called. */
export function isKeyBackupText(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text);
    return (
      typeof parsed === 'object' && parsed !== null && (parsed as { format?: unknown }).format === KEY_BACKUP_FORMAT
    );
  } catch {
    return false;
  }
}

function parseBackup(text: string): { file: KeyBackupFile; salt: Bytes; iv: Bytes; sealed: Bytes } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new CryptoError('BAD_BACKUP', 'not a key backup file (not JSON)');
  }
  const file = parsed as Partial<KeyBackupFile> | null;
  if (!file || typeof file !== 'object' || file.format !== KEY_BACKUP_FORMAT) {
    throw new CryptoError('BAD_BACKUP', 'not a key backup file');
  }
  if (file.version !== KEY_BACKUP_VERSION) {
    throw new CryptoError('BAD_BACKUP', `backup version ${String(file.version)} is not supported`);
  }
  const { kdf, cipher } = file;
  if (kdf?.name !== 'scrypt' || kdf.dkLen !== KEY_BYTES || cipher?.name !== 'AES-256-GCM') {
    throw new CryptoError('BAD_BACKUP', 'unsupported key derivation or cipher');
  }
  checkParams(kdf);
  const salt = typeof kdf.salt === 'string' ? fromBase64(kdf.salt) : null;
  const iv = typeof cipher.iv === 'string' ? fromBase64(cipher.iv) : null;
  const sealed = typeof file.ciphertext === 'string' ? fromBase64(file.ciphertext) : null;
  if (!salt || salt.length < SALT_BYTES || iv?.length !== IV_BYTES || !sealed || sealed.length <= 16) {
    throw new CryptoError('BAD_BACKUP', 'malformed salt, IV or ciphertext');
  }
  if (typeof file.keyId !== 'string' || !isKeyId(file.keyId) || typeof file.publicKey !== 'string') {
    throw new CryptoError('BAD_BACKUP', 'malformed key id or public key');
  }
  return { file: file as KeyBackupFile, salt, iv, sealed };
}

/** Opens a backup with its passphrase; checks the halves belong together and match the key id. */
export async function openKeyBackup(text: string, passphrase: string): Promise<BackedUpKeyPair> {
  const { file, salt, iv, sealed } = parseBackup(text);
  if ((await keyIdFromPublicKeyPem(file.publicKey)) !== file.keyId) {
    throw new CryptoError('BAD_BACKUP', 'the key id does not match the public key');
  }
  const key = await deriveKey(passphrase, salt, file.kdf);
  let privateKeyPem: string;
  try {
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv, additionalData: backupAad(file.keyId) },
      key,
      sealed,
    );
    privateKeyPem = fromUtf8(new Uint8Array(opened));
  } catch (cause) {
    throw new CryptoError('BACKUP_OPEN_FAILED', 'wrong passphrase or a damaged backup', { cause });
  }
  if (!(await checkKeyPairMatches(file.publicKey, privateKeyPem))) {
    throw new CryptoError('BAD_BACKUP', 'the private key does not belong to the public key');
  }
  return { keyId: file.keyId, publicKeyPem: file.publicKey, privateKeyPem };
}

/** What a loaded key file holds, judged by its content (PEM headers, backup JSON), not its name. */
export type KeyFileKind = 'public' | 'private' | 'backup' | 'unknown';

export function classifyKeyFile(text: string): KeyFileKind {
  if (isKeyBackupText(text)) return 'backup';
  if (/-----BEGIN PRIVATE KEY-----/.test(text)) return 'private';
  if (/-----BEGIN PUBLIC KEY-----/.test(text)) return 'public';
  return 'unknown';
}
