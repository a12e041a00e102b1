// Fetches a collection's sealed responses from the export API and writes the CSV the web app's
// "Download CSV" makes, decrypting here: the private key and the answers never leave this machine.
// The rows open with the web app's own code (open-row.ts) and are written with the web app's own
// columns (export-format.ts), so the file is the browser's, byte for byte.
import { COLLECTION_CSV_COLUMNS, collectionCells } from '../../shared/export-format';
import { csvHead, csvLine } from '../../shared/csv';
import { importPrivateKeyPair, keyIdFromPublicKey } from '../../web/src/crypto/keys';
import { openRow } from '../../web/src/features/responses/open-row';

export type CollectionExportOptions = {
  /** the server, e.g. https://parley.example.org */
  url: string;
  /** a personal API token (prl_...) of the request's owner */
  token: string;
  requestId: string;
  /** the request key's private half, PKCS#8 PEM (the key file the web app saves) */
  privateKeyPem: string;
  /** receives the CSV a piece at a time */
  write: (text: string) => void | Promise<void>;
  /** responses per API call (the API allows 1 to 1000) */
  pageSize?: number;
};

type Page = {
  request: { id: string; title: string; keyId: string };
  count: number;
  offset: number;
  records: {
    id: string;
    memberId: string;
    createdAt: string;
    encryptedData: string | null;
    sealedKey: string | null;
  }[];
};

/** A failure the command explains in a sentence (no stack trace). */
export class ExportError extends Error {}

async function fetchPage(o: CollectionExportOptions, offset: number, limit: number): Promise<Page> {
  const query = new URLSearchParams({ id: o.requestId, offset: String(offset), limit: String(limit) });
  // relative to the server's URL, so a server behind a path prefix (https://host/parley/) works too
  const url = new URL(`v1/export/collectionResponses?${query}`, o.url.endsWith('/') ? o.url : `${o.url}/`);
  let res: Response;
  try {
    res = await fetch(url, { headers: { authorization: `Bearer ${o.token}`, accept: 'application/json' } });
  } catch (cause) {
    throw new ExportError(`Could not reach ${url.origin}: ${(cause as Error).message}`);
  }
  const body = (await res.json().catch(() => null)) as {
    result?: Page;
    error?: { code: string; message: string };
  } | null;
  if (!res.ok || !body?.result) {
    const why = body?.error ? `${body.error.code}: ${body.error.message}` : `HTTP ${res.status}`;
    throw new ExportError(`The server refused the export (${why})`);
  }
  return body.result;
}

/** Writes the CSV; answers how many responses it wrote and how many did not open. */
export async function exportCollectionCsv(o: CollectionExportOptions): Promise<{ rows: number; failed: number }> {
  const pageSize = o.pageSize ?? 500;
  let keyId: string;
  try {
    keyId = await keyIdFromPublicKey((await importPrivateKeyPair(o.privateKeyPem)).publicKey);
  } catch {
    throw new ExportError('The key file is not a P-256 private key in PEM (-----BEGIN PRIVATE KEY-----)');
  }
  let rows = 0;
  let failed = 0;
  for (let offset = 0; ;) {
    const page = await fetchPage(o, offset, pageSize);
    if (offset === 0) {
      // a wrong key would open nothing: say so instead of writing a file of failures
      if (page.request.keyId !== keyId) {
        throw new ExportError(
          `The key file is not this request's key (its key id is ${keyId}; the request's is ${page.request.keyId})`,
        );
      }
      await o.write(csvHead(COLLECTION_CSV_COLUMNS));
    }
    let text = '';
    for (const record of page.records) {
      const opened = await openRow(o.privateKeyPem, o.requestId, record);
      if (opened.status === 'failed') failed++;
      text += csvLine(collectionCells({ memberId: record.memberId, createdAt: record.createdAt, opened }));
    }
    if (text) await o.write(text);
    rows += page.records.length;
    offset += page.records.length;
    if (page.records.length < pageSize || offset >= page.count) return { rows, failed };
  }
}
