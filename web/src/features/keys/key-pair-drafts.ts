// Key pairs as the settings screen handles them: PEM text plus the id the server will assign.
// All cryptography goes through web/src/crypto.
import { isCryptoError } from '../../crypto/errors';
import {
  checkKeyPairMatches,
  exportPrivateKeyPem,
  exportPublicKeyPem,
  generateKeyPair,
  importPrivateKeyPair,
  importPrivateKeyPem,
  keyIdFromPublicKeyPem,
  type KeyId,
} from '../../crypto/keys';

export type KeyPairDraft = { keyId: KeyId; publicKeyPem: string; privateKeyPem: string };

export class KeyFileError extends Error {
  constructor(
    readonly field: 'publicKey' | 'privateKey' | 'pair',
    message: string,
  ) {
    super(message);
    this.name = 'KeyFileError';
  }
}

export async function createKeyPairDraft(): Promise<KeyPairDraft> {
  const pair = await generateKeyPair();
  const [publicKeyPem, privateKeyPem] = await Promise.all([
    exportPublicKeyPem(pair.publicKey),
    exportPrivateKeyPem(pair.privateKey),
  ]);
  return { keyId: await keyIdFromPublicKeyPem(publicKeyPem), publicKeyPem, privateKeyPem };
}

// The public half of a stored private key (a PKCS#8 file implies it), for backups of saved keys.
export async function draftFromPrivateKey(privateKeyPem: string): Promise<KeyPairDraft> {
  const { publicKey } = await importPrivateKeyPair(privateKeyPem);
  const publicKeyPem = await exportPublicKeyPem(publicKey);
  return { keyId: await keyIdFromPublicKeyPem(publicKeyPem), publicKeyPem, privateKeyPem };
}

// Checks two loaded files: each must be the right kind of P-256 key, and they must belong together.
// Throws KeyFileError naming the file at fault, in words meant for the user.
export async function checkLoadedKeyPair(publicKeyPem: string, privateKeyPem: string): Promise<KeyPairDraft> {
  let keyId: KeyId;
  try {
    keyId = await keyIdFromPublicKeyPem(publicKeyPem);
  } catch (error) {
    if (!isCryptoError(error)) throw error;
    throw new KeyFileError(
      'publicKey',
      /PRIVATE KEY/.test(publicKeyPem)
        ? 'This file holds a private key. Choose the public key file here.'
        : 'This file is not a P-256 public key in PEM format (-----BEGIN PUBLIC KEY-----).',
    );
  }
  try {
    await importPrivateKeyPem(privateKeyPem);
  } catch (error) {
    if (!isCryptoError(error)) throw error;
    throw new KeyFileError(
      'privateKey',
      /BEGIN PUBLIC KEY/.test(privateKeyPem)
        ? 'This file holds a public key. Choose the private key file here.'
        : 'This file is not a P-256 private key in PKCS#8 PEM format (-----BEGIN PRIVATE KEY-----).',
    );
  }
  if (!(await checkKeyPairMatches(publicKeyPem, privateKeyPem))) {
    throw new KeyFileError(
      'pair',
      'These two files do not belong together: the private key does not match the public key.',
    );
  }
  return { keyId, publicKeyPem, privateKeyPem };
}
