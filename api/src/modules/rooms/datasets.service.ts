import type { EntityManager } from '@mikro-orm/postgresql';
import { type z } from 'zod';
import { badInput, conflict, forbidden, isUniqueViolation, notFound } from '../../shared/errors';
import { parseInput } from '../../shared/validation';
import { User } from '../users/user.entity';
import { Dataset, UploadChunk, type DatasetColumn } from './dataset.entity';
import { Room } from './room.entity';
import type { RoomsService } from './rooms.service';
import {
  compareSchema,
  datasetOnlySchema,
  datasetRefSchema,
  deleteDatasetsSchema,
  roomRefSchema,
  uploadSchema,
} from './rooms.schemas';
import { query } from './sql';

type UploadInput = z.infer<typeof uploadSchema>;

export const TOKEN_BYTES = 16;
// IV (12) + tag (16) + the smallest padded value (16); the largest: a 4096-byte bucket
const SEALED_MIN = 28;
const SEALED_MAX = 8192;
const CLEAR_MAX = 1000;

export type UploadResult = { dataset: Dataset; chunksReceived: number; duplicate: boolean };

export type Overlap = {
  domain: string;
  datasetIds: string[];
  onlyA: number;
  both: number;
  onlyB: number;
};

/** Column metadata with the positions of each role's cells in the row arrays (1-based, SQL). */
export function buildColumns(header: UploadInput['header']): DatasetColumn[] {
  let t = 0;
  let s = 0;
  let c = 0;
  const seen = new Set<string>();
  return header.map((h, i) => {
    const key = h.name.toLowerCase();
    if (seen.has(key)) throw badInput(`header.${i}.name: column names must be unique in a data set`);
    seen.add(key);
    if (h.role !== 'join' && (h.domain || h.kind))
      throw badInput(`header.${i}: domain and kind belong to join columns only`);
    return {
      name: h.name,
      role: h.role,
      domain: h.role === 'join' ? (h.domain ?? h.name).toLowerCase() : null,
      kind: h.role === 'join' ? (h.kind ?? 'text') : null,
      padBucket: h.role === 'clear' ? null : (h.padBucket ?? null),
      tokenIndex: h.role === 'join' ? ++t : null,
      sealedIndex: h.role === 'clear' ? null : ++s,
      clearIndex: h.role === 'clear' ? ++c : null,
    };
  });
}

// jsonb does not keep key order: compare field by field
const FIELDS = ['name', 'role', 'domain', 'kind', 'padBucket', 'tokenIndex', 'sealedIndex', 'clearIndex'] as const;
const sameHeader = (a: DatasetColumn[], b: DatasetColumn[]) =>
  a.length === b.length && a.every((c, i) => FIELDS.every((f) => (c[f] ?? null) === (b[i][f] ?? null)));

/** base64 -> bytes, or null when the text is not canonical base64 of min..max bytes. */
function decode(value: unknown, min: number, max: number): Buffer | null {
  if (typeof value !== 'string' || value.length % 4 !== 0) return null;
  const bytes = Buffer.from(value, 'base64');
  // Node skips characters outside the alphabet: a length that does not add up means bad input
  const pad = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  if (bytes.length !== (value.length / 4) * 3 - pad || bytes.length < min || bytes.length > max) return null;
  return bytes;
}

/** One chunk, column-wise, ready for bind parameters: cells are sliced out of two byte blobs. */
export type EncodedChunk = {
  rowNos: number[];
  /** all sealed cells of the chunk, back to back; per sealed column the 1-based offset and length (-1: empty) */
  sealedBlob: Buffer;
  sealedOffsets: number[][];
  sealedLengths: number[][];
  /** all tokens, 16 bytes each; per join column the 1-based offset (-1: empty) */
  tokenBlob: Buffer;
  tokenOffsets: number[][];
  clear: (string | null)[][];
  /** the token index rows: column, offset into tokenBlob, row number */
  tokenIndex: { cols: number[]; offsets: number[]; rows: number[] };
};

/**
 * Validates one chunk's rows and lays them out column-wise. Messages name the cell's place, never
 * its content (sealed cells are nobody's business, and a clear cell could hold anything).
 */
export function encodeRows(columns: DatasetColumn[], rows: unknown[][], firstRow: number): EncodedChunk {
  const sealedCols = columns.filter((c) => c.role !== 'clear').length;
  const tokenCols = columns.filter((c) => c.role === 'join').length;
  const clearCols = columns.filter((c) => c.role === 'clear').length;
  const out: EncodedChunk = {
    rowNos: [],
    sealedBlob: Buffer.alloc(0),
    sealedOffsets: Array.from({ length: sealedCols }, () => []),
    sealedLengths: Array.from({ length: sealedCols }, () => []),
    tokenBlob: Buffer.alloc(0),
    tokenOffsets: Array.from({ length: tokenCols }, () => []),
    clear: Array.from({ length: clearCols }, () => []),
    tokenIndex: { cols: [], offsets: [], rows: [] },
  };
  const sealedParts: Buffer[] = [];
  const tokenParts: Buffer[] = [];
  let sealedAt = 1;
  let tokenAt = 1;
  const bad = (r: number, i: number, what: string) => badInput(`encrypted.${r}.${i}: ${what}`);
  const seal = (col: DatasetColumn, cell: unknown, r: number, i: number) => {
    const k = col.sealedIndex! - 1;
    if (cell === null) {
      out.sealedOffsets[k].push(-1);
      out.sealedLengths[k].push(-1);
      return;
    }
    const bytes = decode(cell, SEALED_MIN, SEALED_MAX);
    if (!bytes) throw bad(r, i, `a sealed cell is base64 of ${SEALED_MIN}-${SEALED_MAX} bytes, or null`);
    sealedParts.push(bytes);
    out.sealedOffsets[k].push(sealedAt);
    out.sealedLengths[k].push(bytes.length);
    sealedAt += bytes.length;
  };
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const rowNo = firstRow + r;
    out.rowNos.push(rowNo);
    if (row.length !== columns.length)
      throw badInput(`encrypted.${r}: expected ${columns.length} cells, got ${row.length}`);
    for (let i = 0; i < columns.length; i++) {
      const col = columns[i];
      const cell = row[i];
      if (col.role === 'clear') {
        if (cell !== null && (typeof cell !== 'string' || cell.length > CLEAR_MAX))
          throw bad(r, i, `a clear cell is a string of at most ${CLEAR_MAX} characters, or null`);
        out.clear[col.clearIndex! - 1].push(cell as string | null);
      } else if (col.role === 'sealed') {
        seal(col, cell, r, i);
      } else {
        if (cell !== null && (!Array.isArray(cell) || cell.length !== 2))
          throw bad(r, i, 'a join cell is [token, sealed] (base64), or null');
        const [t, sealedCell] = cell === null ? [null, null] : (cell as unknown[]);
        const k = col.tokenIndex! - 1;
        if (t === null) out.tokenOffsets[k].push(-1);
        else {
          const token = decode(t, TOKEN_BYTES, TOKEN_BYTES);
          if (!token) throw bad(r, i, `a token is base64 of ${TOKEN_BYTES} bytes, or null`);
          tokenParts.push(token);
          out.tokenOffsets[k].push(tokenAt);
          out.tokenIndex.cols.push(col.tokenIndex!);
          out.tokenIndex.offsets.push(tokenAt);
          out.tokenIndex.rows.push(rowNo);
          tokenAt += TOKEN_BYTES;
        }
        seal(col, sealedCell, r, i);
      }
    }
  }
  out.sealedBlob = Buffer.concat(sealedParts);
  out.tokenBlob = Buffer.concat(tokenParts);
  return out;
}

export class DatasetsService {
  constructor(private readonly rooms: RoomsService) {}

  /**
   * Stores one chunk of an encrypted data set. Every chunk carries the set's id, name and header:
   * the first to arrive creates the set, a repeated chunk index changes nothing (idempotent
   * retries), and the set becomes visible once all `chunk_count` chunks are in, with contiguous
   * row numbers.
   */
  async upload(em: EntityManager, user: User, raw: unknown): Promise<UploadResult> {
    const input = parseInput(uploadSchema, raw);
    if (input.chunk_index >= input.chunk_count) throw badInput('chunk_index: must be below chunk_count');
    const columns = buildColumns(input.header);
    const { room } = await this.rooms.access(em, user, input.room_id);
    const keyVersion = input.key_version ?? room.keyVersion;
    if (keyVersion > room.keyVersion) throw badInput(`key_version: the room key is at version ${room.keyVersion}`);
    // validate and convert before touching the database
    const encoded = encodeRows(columns, input.encrypted, input.first_row);

    await this.ensureDataset(em, user, room, input, columns, keyVersion);
    return em.transactional(async (tx) => {
      const [locked] = await query<{ status: string }>(tx, 'select status from vcr_datasets where id = $1 for update', [
        input.dataset_id,
      ]);
      if (!locked) throw notFound('Data set');
      const done = await query<{ row_count: number; first_row: number }>(
        tx,
        'select row_count, first_row from vcr_upload_chunks where dataset_id = $1 and chunk_index = $2',
        [input.dataset_id, input.chunk_index],
      );
      if (done.length) {
        if (done[0].row_count !== input.encrypted.length || done[0].first_row !== input.first_row)
          throw conflict(`Chunk ${input.chunk_index} was already stored with other rows`);
        return { ...(await this.uploadState(tx, input.dataset_id)), duplicate: true };
      }
      await query(
        tx,
        'insert into vcr_upload_chunks (dataset_id, chunk_index, first_row, row_count) values ($1, $2, $3, $4)',
        [input.dataset_id, input.chunk_index, input.first_row, input.encrypted.length],
      );
      try {
        await query(tx, 'savepoint rows_in');
        await this.insertRows(tx, input.dataset_id, encoded);
        await query(tx, 'release savepoint rows_in');
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict('These row numbers overlap a chunk already stored');
        throw err;
      }
      await this.completeIfAllIn(tx, input.dataset_id);
      return { ...(await this.uploadState(tx, input.dataset_id)), duplicate: false };
    });
  }

  private async ensureDataset(
    em: EntityManager,
    user: User,
    room: Room,
    input: UploadInput,
    columns: DatasetColumn[],
    keyVersion: number,
  ): Promise<void> {
    const check = (d: Dataset) => {
      if (d.room.id !== room.id) throw notFound('Data set');
      if (d.uploadedBy.id !== user.id) throw forbidden('Another member is uploading this data set');
      if (d.name !== input.campaign || d.chunkCount !== input.chunk_count || !sameHeader(d.columns, columns))
        throw conflict('A chunk must carry the same campaign, header and chunk_count as the first one');
      if (
        d.keyVersion !== keyVersion ||
        d.normalisationVersion !== input.normalisation_version ||
        d.emptyCells !== input.empty_cells
      )
        throw conflict(
          'A chunk must carry the same key_version, normalisation_version and empty_cells as the first one',
        );
    };
    const existing = await em.fork().findOne(Dataset, { id: input.dataset_id });
    if (existing) return check(existing);
    if (await em.fork().count(Dataset, { room, name: input.campaign }))
      throw conflict('A data set with this name already exists in the room');
    const fresh = em.fork();
    try {
      fresh.create(Dataset, {
        id: input.dataset_id,
        room: fresh.getReference(Room, room.id),
        uploadedBy: fresh.getReference(User, user.id),
        name: input.campaign,
        columns,
        keyVersion,
        normalisationVersion: input.normalisation_version,
        emptyCells: input.empty_cells,
        chunkCount: input.chunk_count,
      });
      await fresh.flush();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // a parallel first chunk won the race, or the name is taken
      const raced = await em.fork().findOne(Dataset, { id: input.dataset_id });
      if (!raced) throw conflict('A data set with this name already exists in the room');
      check(raced);
    }
  }

  /**
   * Two statements a chunk, whatever its size: the cells travel as two byte blobs plus int arrays
   * of offsets (bind parameters; byte arrays of arrays are several times slower to send and parse).
   */
  private async insertRows(tx: EntityManager, datasetId: string, e: EncodedChunk) {
    const params: unknown[] = [datasetId, e.sealedBlob, e.tokenBlob, e.rowNos];
    const p = (v: unknown, cast: string) => {
      params.push(v);
      return `$${params.length}::${cast}`;
    };
    const cols: string[] = ['r'];
    const arrays: string[] = ['$4::int[]'];
    const sealed = e.sealedOffsets.map((offs, k) => {
      arrays.push(p(offs, 'int[]'), p(e.sealedLengths[k], 'int[]'));
      cols.push(`so${k}`, `sl${k}`);
      return `case when u.sl${k} < 0 then null else substring($2::bytea from u.so${k} for u.sl${k}) end`;
    });
    const tokens = e.tokenOffsets.map((offs, k) => {
      arrays.push(p(offs, 'int[]'));
      cols.push(`t${k}`);
      return `case when u.t${k} < 0 then null else substring($3::bytea from u.t${k} for ${TOKEN_BYTES}) end`;
    });
    const clear = e.clear.map((values, k) => {
      arrays.push(p(values, 'text[]'));
      cols.push(`c${k}`);
      return `u.c${k}`;
    });
    const arr = (xs: string[], type: string) => (xs.length ? `array[${xs.join(', ')}]` : `null::${type}`);
    await query(
      tx,
      `insert into vcr_rows (dataset_id, row_no, tokens, sealed, clear)
       select $1::uuid, u.r, ${arr(tokens, 'bytea[]')}, ${arr(sealed, 'bytea[]')}, ${arr(clear, 'text[]')}
       from unnest(${arrays.join(', ')}) as u(${cols.join(', ')})`,
      params,
    );
    if (e.tokenIndex.rows.length) {
      await query(
        tx,
        `insert into vcr_tokens (dataset_id, col, token, row_no)
         select $1::uuid, u.c, substring($2::bytea from u.o for ${TOKEN_BYTES}), u.r
         from unnest($3::smallint[], $4::int[], $5::int[]) as u(c, o, r)`,
        [datasetId, e.tokenBlob, e.tokenIndex.cols, e.tokenIndex.offsets, e.tokenIndex.rows],
      );
    }
  }

  private async completeIfAllIn(tx: EntityManager, datasetId: string) {
    const chunks = await query<{ first_row: number; row_count: number }>(
      tx,
      'select first_row, row_count from vcr_upload_chunks where dataset_id = $1 order by first_row',
      [datasetId],
    );
    const [d] = await query<{ chunk_count: number }>(tx, 'select chunk_count from vcr_datasets where id = $1', [
      datasetId,
    ]);
    if (chunks.length < d.chunk_count) return;
    let next = 0;
    for (const c of chunks) {
      if (c.first_row !== next)
        throw conflict(`Row numbers must be contiguous from 0: a chunk should start at row ${next}`);
      next += c.row_count;
    }
    await query(tx, `update vcr_datasets set status = 'ready', row_count = $2, completed_at = now() where id = $1`, [
      datasetId,
      next,
    ]);
  }

  private async uploadState(tx: EntityManager, datasetId: string): Promise<Omit<UploadResult, 'duplicate'>> {
    const dataset = await tx.findOneOrFail(Dataset, { id: datasetId }, { refresh: true });
    const chunksReceived = await tx.count(UploadChunk, { dataset: datasetId });
    return { dataset, chunksReceived };
  }

  /** The room's complete data sets, oldest first. */
  async list(em: EntityManager, user: User, raw: unknown): Promise<Dataset[]> {
    const { room_id } = parseInput(roomRefSchema, raw);
    const { room } = await this.rooms.access(em, user, room_id);
    return em.find(
      Dataset,
      { room, status: 'ready' },
      { populate: ['uploadedBy'], orderBy: { createdAt: 'asc', id: 'asc' } },
    );
  }

  /** One complete data set of a room the caller is a member of (NOT_FOUND otherwise). */
  async get(em: EntityManager, user: User, roomId: string, datasetId: string): Promise<Dataset> {
    const { room } = await this.rooms.access(em, user, roomId);
    const d = await em.findOne(Dataset, { id: datasetId, room, status: 'ready' });
    if (!d) throw notFound('Data set');
    return d;
  }

  async columns(em: EntityManager, user: User, raw: unknown): Promise<Dataset> {
    const input = parseInput(datasetRefSchema, raw);
    return this.get(em, user, input.room_id, input.dataset_id);
  }

  /** getFilters(dataset_id): the legacy call names no room; membership is checked through the set's room. */
  async filters(em: EntityManager, user: User, raw: unknown): Promise<Dataset> {
    const { dataset_id } = parseInput(datasetOnlySchema, raw);
    const d = await em.findOne(Dataset, { id: dataset_id, status: 'ready' });
    if (!d) throw notFound('Data set');
    return this.get(em, user, d.room.id, d.id);
  }

  /** Deletes data sets with their rows; the uploader or the room owner may. */
  async delete(em: EntityManager, user: User, raw: unknown): Promise<string[]> {
    const input = parseInput(deleteDatasetsSchema, raw);
    return em.transactional(async (tx) => {
      const { member, room } = await this.rooms.access(tx, user, input.room_id);
      const sets = await tx.find(Dataset, { id: { $in: input.dataset_id }, room });
      if (sets.length !== new Set(input.dataset_id).size) throw notFound('Data set');
      if (member.role !== 'owner' && sets.some((d) => d.uploadedBy.id !== user.id))
        throw forbidden('Only the uploader or the room owner can delete a data set');
      const ids = sets.map((d) => d.id);
      await query(tx, 'delete from vcr_tokens where dataset_id = any($1::uuid[])', [ids]);
      await query(tx, 'delete from vcr_rows where dataset_id = any($1::uuid[])', [ids]);
      await query(tx, 'delete from vcr_datasets where id = any($1::uuid[])', [ids]);
      return ids;
    });
  }

  /**
   * Overlap counts (the pie charts): for every pair of the selected sets and every join domain
   * both have, the distinct tokens only in A, in both, only in B. One set alone: its distinct
   * tokens per domain (onlyA). Counts only: tokens never leave the server.
   */
  async compare(em: EntityManager, user: User, raw: unknown): Promise<Overlap[]> {
    const input = parseInput(compareSchema, raw);
    const ids = [...new Set(input.datasets_array)];
    const sets: Dataset[] = [];
    for (const id of ids) sets.push(await this.get(em, user, input.room_id, id));
    const domains = (d: Dataset) => {
      const m = new Map<string, number[]>();
      for (const c of d.columns) if (c.role === 'join') m.set(c.domain!, [...(m.get(c.domain!) ?? []), c.tokenIndex!]);
      return m;
    };
    const out: Overlap[] = [];
    if (sets.length === 1) {
      for (const [domain, cols] of domains(sets[0])) {
        const [r] = await query<{ n: number }>(
          em,
          'select count(distinct token)::int as n from vcr_tokens where dataset_id = $1 and col = any($2::smallint[])',
          [sets[0].id, cols],
        );
        out.push({ domain, datasetIds: [sets[0].id], onlyA: r.n, both: 0, onlyB: 0 });
      }
      return out;
    }
    for (let i = 0; i < sets.length; i++) {
      for (let j = i + 1; j < sets.length; j++) {
        const da = domains(sets[i]);
        const db = domains(sets[j]);
        for (const [domain, colsA] of da) {
          const colsB = db.get(domain);
          if (!colsB) continue;
          const [r] = await query<{ only_a: number; both: number; only_b: number }>(
            em,
            `with a as (select distinct token from vcr_tokens where dataset_id = $1 and col = any($2::smallint[])),
                  b as (select distinct token from vcr_tokens where dataset_id = $3 and col = any($4::smallint[]))
             select count(*) filter (where b.token is null)::int as only_a,
                    count(*) filter (where a.token is not null and b.token is not null)::int as both,
                    count(*) filter (where a.token is null)::int as only_b
             from a full join b on a.token = b.token`,
            [sets[i].id, colsA, sets[j].id, colsB],
          );
          out.push({ domain, datasetIds: [sets[i].id, sets[j].id], onlyA: r.only_a, both: r.both, onlyB: r.only_b });
        }
      }
    }
    return out;
  }
}
