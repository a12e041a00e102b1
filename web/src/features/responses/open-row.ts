// Opening one sealed collection response with the request key's private half. No React and no
// browser storage: the requester's browser and `npm run export` (Node) both open rows with it, so
// their CSVs say the same thing about a row that does not open.
import { openCollectionResponseWithKey, type CollectionData } from '../../crypto/collection-response';
import { decryptFailure } from './response-fields';

export type SealedRow = { id: string; encryptedData?: string | null; sealedKey?: string | null };
// dataKey: the response's own key, which also opens its images (docs/phone-response-encryption.md)
export type OpenedRow =
  { status: 'open'; data: CollectionData; dataKey: Uint8Array } | { status: 'failed'; reason: string };

export async function openRow(privateKeyPem: string, requestId: string, row: SealedRow): Promise<OpenedRow> {
  if (!row.encryptedData || !row.sealedKey) return { status: 'failed', reason: 'The response holds no data.' };
  try {
    const sealed = { encryptedData: row.encryptedData, sealedKey: row.sealedKey };
    return { status: 'open', ...(await openCollectionResponseWithKey(privateKeyPem, requestId, sealed)) };
  } catch (error) {
    return { status: 'failed', reason: decryptFailure(error) };
  }
}
