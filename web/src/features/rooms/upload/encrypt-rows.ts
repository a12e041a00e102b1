// Column encryption of parsed CSV rows (CRYPTO.md s.4), one chunk at a time; runs inside the
// encryption workers. Every column has one role:
//   clear  -> the value as is (the uploader chose to leave it readable)
//   join   -> a join token in the column's domain plus a sealed copy of the value
//   sealed -> a sealed copy only
// Output rows are ready for the upload call. A sealed or join column shared with partners is
// sealed with keys derived from the room key; any other with keys from the data set's own secret
// (CRYPTO.md s.5b), which only the uploader holds.
import { createCellSealer, type CellSealer } from '../../../crypto/cell-sealer';
import { type PadBucket } from '../../../crypto/cells';
import { deriveKeyBytes, deriveWithheldKeyBytes, sealKeyInfo } from '../../../crypto/column-keys';
import { type ValueKind } from '../../../crypto/normalise';
import { createTokenHasher, type TokenHasher } from '../../../crypto/token-hasher';
import { randomUniqueToken } from '../../../crypto/tokens';
import {
  PackedRowsWriter,
  type ColumnRole,
  type ColumnSealing,
  type EmptyCellPolicy,
  type PartnerRole,
} from '../../../../../shared/wire-format';
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
  // what partners may do with it (sent with the header; the encryption does not use it)
  partnerRole?: PartnerRole;
  lower?: number;
  upper?: number;
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

// A chunk of encrypted rows in the upload's packed form (see shared/wire-format.ts), one cell per plan
// column:
//   clear  -> the value as UTF-8
//   sealed -> IV || ciphertext || tag (empty values are sealed too: emptiness stays hidden)
//   join   -> the 16-byte token, then the sealed copy; both null for an empty cell under the
//             'null' policy
export type EncryptedChunk = { firstRow: number; rowCount: number; packed: Uint8Array<ArrayBuffer> };

type ColumnKeys = { plan: ColumnPlan; sealer: CellSealer | null; hasher: TokenHasher | null };
export type Encryptor = { init: EncryptInit; keys: ColumnKeys[] };

// Keys are derived once per worker; each column gets a synchronous sealer (and a join column a
// token hasher) whose per-key set-up is done here, not per cell.
export async function createEncryptor(init: EncryptInit): Promise<Encryptor> {
  const hashers = new Map<string, Promise<TokenHasher>>();
  const hasherFor = (domain: string) => {
    let hasher = hashers.get(domain);
    if (!hasher) hashers.set(domain, (hasher = createTokenHasher(init.roomKey, init.roomId, domain)));
    return hasher;
  };
  const sealKeyBytes = (plan: ColumnPlan) => {
    const sealing = columnSealing(plan);
    if (sealing === 'room') return deriveKeyBytes(init.roomKey, init.roomId, sealKeyInfo(init.datasetId, plan.name));
    if (!init.datasetSecret) throw new Error(`${plan.name} is withheld from partners: the data set's secret is needed`);
    return deriveWithheldKeyBytes(init.datasetSecret, init.roomId, init.datasetId, plan.name);
  };
  const sealerFor = async (plan: ColumnPlan) => {
    const keyBytes = await sealKeyBytes(plan);
    const { roomId, datasetId, keyVersion } = init;
    const sealer = createCellSealer(
      keyBytes,
      { roomId, datasetId, column: plan.name, keyVersion },
      { padBucket: plan.padBucket },
    );
    keyBytes.fill(0);
    return sealer;
  };
  const keys = await Promise.all(
    init.columns.map(async (plan) => ({
      plan,
      sealer: plan.role === 'clear' ? null : await sealerFor(plan),
      hasher: plan.role === 'join' ? await hasherFor(plan.domain) : null,
    })),
  );
  return { init, keys };
}

// Synchronous: every cell is sealed and tokenised in place, straight into the packed chunk.
export async function encryptRows(encryptor: Encryptor, task: EncryptTask): Promise<EncryptedChunk> {
  const { emptyCells } = encryptor.init;
  const { keys } = encryptor;
  const out = new PackedRowsWriter(task.rows.length * keys.length * 64);
  for (let r = 0; r < task.rows.length; r++) {
    const row = task.rows[r];
    const rowNumber = task.firstRow + r;
    for (let k = 0; k < keys.length; k++) {
      const { plan, sealer, hasher } = keys[k];
      const value = row[plan.source] ?? '';
      if (plan.role === 'clear') {
        out.part(value);
        continue;
      }
      if (plan.role === 'join') {
        const token = hasher!.token(value, plan.kind) ?? (emptyCells === 'random' ? randomUniqueToken() : null);
        out.part(token);
        if (token === null) {
          out.part(null);
          continue;
        }
      }
      out.part(sealer!.seal(value, rowNumber));
    }
  }
  return { firstRow: task.firstRow, rowCount: task.rows.length, packed: out.finish() };
}

// Rows of the warm-up: enough calls of every cell path for the engine to compile them.
export const WARM_UP_ROWS = 1500;

/**
 * Runs the whole row path (normalising, tokens, sealing, packing) once on throwaway keys and
 * values, so that the engine has compiled it before the real rows arrive. The pool asks for it
 * when it starts, while the person sets the upload up; nothing of it is kept.
 */
export async function warmUpEncryption(rows = WARM_UP_ROWS): Promise<void> {
  const column = (source: number, role: ColumnRole, kind: ValueKind): ColumnPlan => ({
    source,
    name: `warm${source}`,
    role,
    domain: `warm${source}`,
    kind,
    padBucket: 32,
    shared: source % 2 === 0,
  });
  const encryptor = await createEncryptor({
    roomKey: crypto.getRandomValues(new Uint8Array(32)),
    roomId: '00000000-0000-4000-8000-000000000000',
    datasetId: '00000000-0000-4000-8000-000000000001',
    keyVersion: 1,
    emptyCells: 'null',
    datasetSecret: crypto.getRandomValues(new Uint8Array(32)),
    columns: [
      column(0, 'join', 'email'),
      column(1, 'sealed', 'text'),
      column(2, 'join', 'phone'),
      column(3, 'clear', 'text'),
      column(4, 'join', 'text'),
    ],
  });
  const values = Array.from({ length: rows }, (_, i) => [
    `warm${i}@example.org`,
    `Warm Up ${i}`,
    `+1 555 ${String(i).padStart(7, '0')}`,
    String(i % 90),
    i % 7 === 0 ? '' : `w ${i}`,
  ]);
  await encryptRows(encryptor, { firstRow: 0, rows: values });
}

// The encryption worker's side of the pool protocol (encrypt.worker.ts runs it on `self`).
export function serveEncryptWorker(scope: WorkerScope): void {
  serveWorkerPool(scope, {
    warm: () => warmUpEncryption(),
    init: (payload: EncryptInit) => createEncryptor(payload),
    task: async (encryptor, payload: EncryptTask) => {
      const result = await encryptRows(encryptor, payload);
      return { result, transfer: [result.packed.buffer] };
    },
  });
}
