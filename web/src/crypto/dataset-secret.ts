// A data set's own secret and the column keys derived from it (CRYPTO.md s.5b). Columns the
// uploader does not share with partners are sealed with keys from a secret only the uploader
// holds: 32 random bytes, HPKE-sealed to the uploader's own public key and stored with the set, so
// the uploader opens it in any browser holding that private key. Granting one column to a partner
// seals that column's key (not the secret) to the partner's room public key.
import { randomBytes, type Bytes } from './bytes';
import { CryptoError } from './errors';
import { columnKeyInfo, datasetSecretInfo, openWithPrivateKey, sealToPublicKey } from './hpke';

export const DATASET_SECRET_BYTES = 32;
const COLUMN_KEY_BYTES = 32;

// Where a data set's secret belongs; every field goes into the HPKE info.
export type DatasetSecretSlot = { roomId: string; datasetId: string; userId: string };
// Where a column key belongs: the column, and the member it is sealed to.
export type ColumnKeySlot = DatasetSecretSlot & { column: string };

export function generateDatasetSecret(): Bytes {
  return randomBytes(DATASET_SECRET_BYTES);
}

export async function sealDatasetSecret(
  publicKeyPem: string,
  secret: Uint8Array,
  slot: DatasetSecretSlot,
): Promise<string> {
  assertLength(secret, DATASET_SECRET_BYTES, 'a data set secret');
  return sealToPublicKey(publicKeyPem, secret, datasetSecretInfo(slot.roomId, slot.datasetId, slot.userId));
}

export async function openDatasetSecret(
  privateKeyPem: string,
  envelope: string,
  slot: DatasetSecretSlot,
): Promise<Bytes> {
  const secret = await openWithPrivateKey(
    privateKeyPem,
    envelope,
    datasetSecretInfo(slot.roomId, slot.datasetId, slot.userId),
  );
  assertLength(secret, DATASET_SECRET_BYTES, 'a data set secret');
  return secret;
}

export async function sealColumnKey(publicKeyPem: string, columnKey: Uint8Array, slot: ColumnKeySlot): Promise<string> {
  assertLength(columnKey, COLUMN_KEY_BYTES, 'a column key');
  return sealToPublicKey(publicKeyPem, columnKey, columnKeyInfo(slot.roomId, slot.datasetId, slot.column, slot.userId));
}

export async function openColumnKey(privateKeyPem: string, envelope: string, slot: ColumnKeySlot): Promise<Bytes> {
  const key = await openWithPrivateKey(
    privateKeyPem,
    envelope,
    columnKeyInfo(slot.roomId, slot.datasetId, slot.column, slot.userId),
  );
  assertLength(key, COLUMN_KEY_BYTES, 'a column key');
  return key;
}

// After opening too: an envelope holding some other secret is refused, not used.
function assertLength(bytes: Uint8Array, length: number, what: string): void {
  if (bytes.length !== length) throw new CryptoError('BAD_SECRET', `${what} is ${length} bytes, got ${bytes.length}`);
}
