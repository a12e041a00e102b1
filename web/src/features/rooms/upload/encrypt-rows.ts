// Column encryption of parsed CSV rows (CRYPTO.md s.4), one chunk at a time; runs inside the
// encryption workers. Every column has one role:
//   clear  -> the value as is (the uploader chose to leave it readable)
//   join   -> a join token in the column's domain plus a sealed copy of the value
//   sealed -> a sealed copy only
// Output rows are ready for the upload call. A sealed or join column shared with partners is
// sealed with keys derived from the room key; any other with keys from the data set's own secret
// (CRYPTO.md s.5b), which only the uploader holds.
import { type PadBucket, sealCell } from '../../../crypto/cells';
import { deriveSealKey, deriveWithheldSealKey } from '../../../crypto/column-keys';
import { type ValueKind } from '../../../crypto/normalise';
import { createTokenHasher, type TokenHasher } from '../../../crypto/token-hasher';
import { randomUniqueToken } from '../../../crypto/tokens';
import {
  PackedRowsWriter,
  type ColumnRole,
  type ColumnSealing,
  type EmptyCellPolicy,
} from '../../../../../api/src/modules/datasets/wire-format';
import { serveWorkerPool, type WorkerScope } from './worker-pool';

export type { ColumnRole, EmptyCellPolicy };

export type ColumnPlan = {
  // position in the CSV row
  source: number;
  name: string;
  role: ColumnRole;
  // join keys only: which token key (and so which other columns it can match), and how values
  // are normalised before tokenising
  domain: string;
  kind: ValueKind;
  padBucket: PadBucket;
  // partners may see its values; a sealed or join column that is not shared is sealed with the
  // data set's own secret
  shared: boolean;
};

export type EncryptInit = {
  roomKey: Uint8Array;
  roomId: string;
  datasetId: string;
  keyVersion: number;
  columns: ColumnPlan[];
  emptyCells: EmptyCellPolicy;
  // the data set's own secret: required when a sealed or join column is not shared
  datasetSecret?: Uint8Array;
};

/** Which key seals a column's cells (null: a clear column). */
export const columnSealing = (plan: Pick<ColumnPlan, 'role' | 'shared'>): ColumnSealing | null =>
  plan.role === 'clear' ? null : plan.shared ? 'room' : 'dataset';

export type EncryptTask = { firstRow: number; rows: string[][] };

// A chunk of encrypted rows in the upload's packed form (see api/src/modules/datasets/wire-format.ts), one cell per plan
// column:
//   clear  -> the value as UTF-8
//   sealed -> IV || ciphertext || tag (empty values are sealed too: emptiness stays hidden)
//   join   -> the 16-byte token, then the sealed copy; both null for an empty cell under the
//             'null' policy
export type EncryptedChunk = { firstRow: number; rowCount: number; packed: Uint8Array<ArrayBuffer> };

type ColumnKeys = { plan: ColumnPlan; sealKey: CryptoKey | null; hasher: TokenHasher | null };
export type Encryptor = { init: EncryptInit; keys: ColumnKeys[] };

export async function createEncryptor(init: EncryptInit): Promise<Encryptor> {
  const hashers = new Map<string, Promise<TokenHasher>>();
  const hasherFor = (domain: string) => {
    let hasher = hashers.get(domain);
    if (!hasher) hashers.set(domain, (hasher = createTokenHasher(init.roomKey, init.roomId, domain)));
    return hasher;
  };
  const sealKey = (plan: ColumnPlan) => {
    const sealing = columnSealing(plan);
    if (sealing === 'room') return deriveSealKey(init.roomKey, init.roomId, init.datasetId, plan.name, 'encrypt');
    if (!init.datasetSecret) throw new Error(`${plan.name} is withheld from partners: the data set's secret is needed`);
    return deriveWithheldSealKey(init.datasetSecret, init.roomId, init.datasetId, plan.name, 'encrypt');
  };
  const keys = await Promise.all(
    init.columns.map(async (plan) => ({
      plan,
      sealKey: plan.role === 'clear' ? null : await sealKey(plan),
      hasher: plan.role === 'join' ? await hasherFor(plan.domain) : null,
    })),
  );
  return { init, keys };
}

type Cell = { token: Uint8Array | null; sealed: Uint8Array | null } | string;

export async function encryptRows(encryptor: Encryptor, task: EncryptTask): Promise<EncryptedChunk> {
  const { roomId, datasetId, keyVersion, emptyCells } = encryptor.init;
  const cells: Cell[][] = task.rows.map(() => new Array<Cell>(encryptor.keys.length));
  await Promise.all(
    encryptor.keys.map(async ({ plan, sealKey, hasher }, col) => {
      if (plan.role === 'clear') {
        task.rows.forEach((row, r) => (cells[r][col] = row[plan.source] ?? ''));
        return;
      }
      await Promise.all(
        task.rows.map(async (row, r) => {
          const value = row[plan.source] ?? '';
          let token: Uint8Array | null = null;
          if (plan.role === 'join') {
            token = hasher!.token(value, plan.kind) ?? (emptyCells === 'random' ? randomUniqueToken() : null);
            if (token === null) {
              cells[r][col] = { token: null, sealed: null };
              return;
            }
          }
          const place = { roomId, datasetId, column: plan.name, rowNumber: task.firstRow + r, keyVersion };
          cells[r][col] = { token, sealed: await sealCell(sealKey!, value, place, { padBucket: plan.padBucket }) };
        }),
      );
    }),
  );
  const out = new PackedRowsWriter(task.rows.length * encryptor.keys.length * 64);
  for (const row of cells) {
    row.forEach((cell, col) => {
      if (typeof cell === 'string') out.part(cell);
      else {
        if (encryptor.keys[col].plan.role === 'join') out.part(cell.token);
        out.part(cell.sealed);
      }
    });
  }
  return { firstRow: task.firstRow, rowCount: task.rows.length, packed: out.finish() };
}

// The encryption worker's side of the pool protocol (encrypt.worker.ts runs it on `self`).
export function serveEncryptWorker(scope: WorkerScope): void {
  serveWorkerPool(scope, {
    init: (payload: EncryptInit) => createEncryptor(payload),
    task: async (encryptor, payload: EncryptTask) => {
      const result = await encryptRows(encryptor, payload);
      return { result, transfer: [result.packed.buffer] };
    },
  });
}
