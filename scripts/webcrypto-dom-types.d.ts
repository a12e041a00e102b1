// The DOM names for WebCrypto types that web/src/crypto uses (and the worker pool's Transferable),
// mapped to Node's identical types, so scripts and tests can run the browser's crypto code under
// the Node-only tsconfig.
import type { webcrypto } from 'node:crypto';
import type { TransferListItem } from 'node:worker_threads';

declare global {
  type EcKeyImportParams = webcrypto.EcKeyImportParams;
  type CryptoKeyPair = webcrypto.CryptoKeyPair;
  type KeyType = webcrypto.KeyType;
  type EcKeyAlgorithm = webcrypto.EcKeyAlgorithm;
  type KeyUsage = webcrypto.KeyUsage;
  type Transferable = TransferListItem;
}
