// The DOM names for WebCrypto types that web/src/crypto uses, mapped to Node's identical webcrypto
// types, so scripts and tests can run the browser's crypto code under the Node-only tsconfig.
import type { webcrypto } from 'node:crypto';

declare global {
  type EcKeyImportParams = webcrypto.EcKeyImportParams;
  type CryptoKeyPair = webcrypto.CryptoKeyPair;
  type KeyType = webcrypto.KeyType;
  type EcKeyAlgorithm = webcrypto.EcKeyAlgorithm;
  type KeyUsage = webcrypto.KeyUsage;
}
