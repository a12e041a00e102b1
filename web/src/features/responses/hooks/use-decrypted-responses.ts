import { useEffect, useState } from 'react';
import { loadPrivateKey } from '../../../crypto/key-storage';
import { isKeyId } from '../../../crypto/keys';
import { openRow, type OpenedRow, type SealedRow } from '../open-row';

export { openRow, type OpenedRow, type SealedRow } from '../open-row';

export type Decryption = { state: 'no-key' } | { state: 'decrypting' | 'done'; rows: ReadonlyMap<string, OpenedRow> };

export function privateKeyOf(keyId: string): string | null {
  try {
    return isKeyId(keyId) ? loadPrivateKey(keyId) : null;
  } catch {
    return null; // storage blocked: the same as not having the key here
  }
}

// Opens each response in this browser with the private half of the request key, kept in local
// storage under the key id. A row that fails is reported on its own; the others still open.
export function useDecryptedResponses(requestId: string, keyId: string, rows: readonly SealedRow[] | null): Decryption {
  const privateKeyPem = privateKeyOf(keyId);
  const [opened, setOpened] = useState<{ rows: readonly SealedRow[]; result: Map<string, OpenedRow> } | null>(null);

  useEffect(() => {
    if (!privateKeyPem || !rows) return;
    let cancelled = false;
    void Promise.all(rows.map(async (row) => [row.id, await openRow(privateKeyPem, requestId, row)] as const)).then(
      (entries) => {
        if (!cancelled) setOpened({ rows, result: new Map(entries) });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [privateKeyPem, requestId, rows]);

  if (!privateKeyPem) return { state: 'no-key' };
  if (!opened || opened.rows !== rows) return { state: 'decrypting', rows: opened?.result ?? new Map() };
  return { state: 'done', rows: opened.result };
}
