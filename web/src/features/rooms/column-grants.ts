// The uploader's side of withheld columns (CRYPTO.md s.5b): the data set's own secret opens here,
// with the private key it was sealed to, and one column's key is sealed to another member's room
// public key, for a column now shared with partners or for one approved report.
import { deriveWithheldKeyBytes } from '../../crypto/column-keys';
import { openDatasetSecret, sealColumnKey } from '../../crypto/dataset-secret';
import { loadPrivateKey } from '../../crypto/key-storage';
import { isKeyId } from '../../crypto/keys';

export type OwnDataset = { id: string; name: string; sealedSecret?: string | null; secretKeyId?: string | null };

export class ColumnKeyError extends Error {
  override readonly name = 'ColumnKeyError';
}

/** The key of one withheld column of my own set, sealed to a member's public key. */
export async function sealWithheldColumnKey(
  dataset: OwnDataset,
  column: string,
  to: { roomId: string; userId: string; publicKeyPem: string },
  me: string,
): Promise<string> {
  const { sealedSecret, secretKeyId } = dataset;
  if (!sealedSecret || !secretKeyId) throw new ColumnKeyError(`"${dataset.name}" has no sealed secret.`);
  const pem = isKeyId(secretKeyId) ? loadPrivateKey(secretKeyId) : null;
  if (!pem)
    throw new ColumnKeyError(
      `The secret of "${dataset.name}" opens with your private key ${secretKeyId}, which is not in this browser: load it in Settings.`,
    );
  const secret = await openDatasetSecret(pem, sealedSecret, { roomId: to.roomId, datasetId: dataset.id, userId: me });
  const key = await deriveWithheldKeyBytes(secret, to.roomId, dataset.id, column);
  return sealColumnKey(to.publicKeyPem, key, { roomId: to.roomId, datasetId: dataset.id, column, userId: to.userId });
}
