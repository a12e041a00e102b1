import type { EntityManager } from '@mikro-orm/postgresql';
import { type z } from 'zod';
import { badInput, conflict, forbidden, isUniqueViolation, notFound } from '../../shared/errors';
import { parseInput } from '../../shared/validation';
import { User } from '../users/user.entity';
import { Dataset, type DatasetColumn } from './dataset.entity';
import { Room } from './room.entity';
import type { RoomsService } from './rooms.service';
import { decodeChunk, decodePackedChunk } from './chunk-rows';
import { chunkTransaction } from './chunk-writer';
import {
  analyseDatasetTables,
  createDatasetTables,
  datasetTables,
  dropDatasetTables,
  indexDatasetTables,
} from './dataset-tables';
import {
  compareSchema,
  datasetOnlySchema,
  datasetRefSchema,
  deleteDatasetsSchema,
  MAX_CHUNK_ROWS,
  roomRefSchema,
  type uploadSchema,
} from './rooms.schemas';
import { query } from './sql';

export type UploadInput = z.infer<typeof uploadSchema>;

// an upload of a million rows takes minutes: a day without completing means nobody will
export const ABANDONED_AFTER_HOURS = 24;

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

export class DatasetsService {
  constructor(private readonly rooms: RoomsService) {}

  /**
   * Stores one chunk of an encrypted data set. Every chunk carries the set's id, name and header:
   * the first to arrive creates the set, a repeated chunk index changes nothing (idempotent
   * retries), and the set becomes visible once all `chunk_count` chunks are in, with contiguous
   * row numbers. Chunks of one set may arrive in parallel: a chunk first reserves its row numbers
   * (a short transaction holding the set's lock), then writes its rows in a transaction of its
   * own, and whichever chunk is stored last completes the set. `input` is parsed by the caller
   * (`uploadSchema`): a 20,000-row chunk is worth not validating twice.
   */
  async upload(em: EntityManager, user: User, input: UploadInput): Promise<UploadResult> {
    if (input.chunk_index >= input.chunk_count) throw badInput('chunk_index: must be below chunk_count');
    const columns = buildColumns(input.header);
    const { room } = await this.rooms.access(em, user, input.room_id);
    const keyVersion = input.key_version ?? room.keyVersion;
    if (keyVersion > room.keyVersion) throw badInput(`key_version: the room key is at version ${room.keyVersion}`);
    // validate and decode before touching the database
    const chunk =
      input.packed === undefined
        ? decodeChunk(columns, input.encrypted ?? [], input.first_row)
        : decodePackedChunk(columns, input.packed, input.first_row, MAX_CHUNK_ROWS);

    const dataset = await this.ensureDataset(em, user, room, input, columns, keyVersion);
    const ref = { datasetId: input.dataset_id, chunkIndex: input.chunk_index, firstRow: input.first_row };
    let duplicate = await this.reserveChunk(em, ref, chunk.rowCount);
    if (!duplicate) {
      duplicate = await chunkTransaction(em, async (tx) => {
        // a retry of this chunk running at the same time waits here, then finds it stored
        const [c] = await tx.query<{ stored: boolean }>(
          'select stored from vcr_upload_chunks where dataset_id = $1 and chunk_index = $2 for update',
          [ref.datasetId, ref.chunkIndex],
        );
        if (!c) throw notFound('Data set');
        if (c.stored) return true;
        await tx.writeRows(ref.datasetId, chunk);
        await tx.query('update vcr_upload_chunks set stored = true where dataset_id = $1 and chunk_index = $2', [
          ref.datasetId,
          ref.chunkIndex,
        ]);
        return false;
      });
    }
    // after the commit, so that the last chunk stored sees every other one
    const [{ stored }] = await query<{ stored: number }>(
      em,
      'select count(*)::int as stored from vcr_upload_chunks where dataset_id = $1 and stored',
      [ref.datasetId],
    );
    if (stored === dataset.chunkCount && (await this.completeIfAllIn(em, ref.datasetId))) {
      await analyseDatasetTables(em, ref.datasetId);
      await em.refresh(dataset);
    }
    return { dataset, chunksReceived: stored, duplicate };
  }

  /**
   * Records the chunk's row numbers, refusing rows another chunk holds. True when the chunk is
   * already stored (a retry); a chunk reserved but not stored (its write failed) is written again.
   */
  private async reserveChunk(
    em: EntityManager,
    ref: { datasetId: string; chunkIndex: number; firstRow: number },
    rowCount: number,
  ): Promise<boolean> {
    return em.transactional(async (tx) => {
      const [d] = await query(tx, 'select status from vcr_datasets where id = $1 for update', [ref.datasetId]);
      if (!d) throw notFound('Data set');
      const [same] = await query<{ row_count: number; first_row: number; stored: boolean }>(
        tx,
        'select row_count, first_row, stored from vcr_upload_chunks where dataset_id = $1 and chunk_index = $2',
        [ref.datasetId, ref.chunkIndex],
      );
      if (same) {
        if (same.row_count !== rowCount || same.first_row !== ref.firstRow)
          throw conflict(`Chunk ${ref.chunkIndex} was already stored with other rows`);
        return same.stored;
      }
      const [overlap] = await query<{ chunk_index: number }>(
        tx,
        `select chunk_index from vcr_upload_chunks
         where dataset_id = $1 and first_row < $2::int + $3::int and first_row + row_count > $2::int limit 1`,
        [ref.datasetId, ref.firstRow, rowCount],
      );
      if (overlap) throw conflict(`These row numbers overlap those of chunk ${overlap.chunk_index}, already stored`);
      await query(
        tx,
        'insert into vcr_upload_chunks (dataset_id, chunk_index, first_row, row_count) values ($1, $2, $3, $4)',
        [ref.datasetId, ref.chunkIndex, ref.firstRow, rowCount],
      );
      return false;
    });
  }

  private async ensureDataset(
    em: EntityManager,
    user: User,
    room: Room,
    input: UploadInput,
    columns: DatasetColumn[],
    keyVersion: number,
  ): Promise<Dataset> {
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
    // by id or by name: a parallel first chunk of this set may have created it in between
    const lookup = () =>
      em.findOne(
        Dataset,
        { $or: [{ id: input.dataset_id }, { room, name: input.campaign }] },
        { orderBy: { id: 'asc' }, refresh: true },
      );
    const found = (d: Dataset) => {
      if (d.id !== input.dataset_id) throw conflict('A data set with this name already exists in the room');
      check(d);
      return d;
    };
    const existing = await lookup();
    if (existing) return found(existing);
    try {
      await em.fork().transactional(async (tx) => {
        tx.create(Dataset, {
          id: input.dataset_id,
          room: tx.getReference(Room, room.id),
          uploadedBy: tx.getReference(User, user.id),
          name: input.campaign,
          columns,
          keyVersion,
          normalisationVersion: input.normalisation_version,
          emptyCells: input.empty_cells,
          chunkCount: input.chunk_count,
        });
        // the row first: a parallel first chunk waits on its key, then fails, before any DDL
        await tx.flush();
        await createDatasetTables(tx, input.dataset_id);
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // a parallel first chunk won the race, or the name is taken
      const raced = await lookup();
      if (!raced) throw conflict('A data set with this name already exists in the room');
      return found(raced);
    }
    return em.findOneOrFail(Dataset, { id: input.dataset_id });
  }

  /** Marks the set ready, its tables indexed, once all its chunks are stored; true when this call did. */
  private async completeIfAllIn(em: EntityManager, datasetId: string): Promise<boolean> {
    return em.transactional(async (tx) => {
      const [d] = await query<{ chunk_count: number; status: string }>(
        tx,
        'select chunk_count, status from vcr_datasets where id = $1 for update',
        [datasetId],
      );
      if (!d || d.status === 'ready') return false;
      const chunks = await query<{ first_row: number; row_count: number; stored: boolean }>(
        tx,
        'select first_row, row_count, stored from vcr_upload_chunks where dataset_id = $1 order by first_row',
        [datasetId],
      );
      if (chunks.length < d.chunk_count || chunks.some((c) => !c.stored)) return false;
      let next = 0;
      for (const c of chunks) {
        if (c.first_row !== next)
          throw conflict(`Row numbers must be contiguous from 0: a chunk should start at row ${next}`);
        next += c.row_count;
      }
      await indexDatasetTables(tx, datasetId);
      await query(tx, `update vcr_datasets set status = 'ready', row_count = $2, completed_at = now() where id = $1`, [
        datasetId,
        next,
      ]);
      return true;
    });
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
      await query(tx, 'delete from vcr_datasets where id = any($1::uuid[])', [ids]);
      await dropDatasetTables(tx, ids);
      return ids;
    });
  }

  /**
   * Deletes uploads nobody finished (a browser closed mid-upload): incomplete sets created more
   * than `olderThanHours` ago, with their tables. They are invisible to the room but hold their
   * name. The web app removes a set it cancels itself; this catches the rest. Returns their ids.
   */
  async discardAbandoned(em: EntityManager, olderThanHours = ABANDONED_AFTER_HOURS): Promise<string[]> {
    return em.transactional(async (tx) => {
      const gone = await query<{ id: string }>(
        tx,
        `delete from vcr_datasets where status = 'uploading' and created_at < now() - make_interval(hours => $1)
         returning id`,
        [olderThanHours],
      );
      const ids = gone.map((d) => d.id);
      await dropDatasetTables(tx, ids);
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
          `select count(distinct token)::int as n from ${datasetTables(sets[0].id).tokens} where ${colFilter(cols, 1)}`,
          [colParam(cols)],
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
            `with a as (select distinct token from ${datasetTables(sets[i].id).tokens} where ${colFilter(colsA, 1)}),
                  b as (select distinct token from ${datasetTables(sets[j].id).tokens} where ${colFilter(colsB, 2)})
             select count(*) filter (where b.token is null)::int as only_a,
                    count(*) filter (where a.token is not null and b.token is not null)::int as both,
                    count(*) filter (where a.token is null)::int as only_b
             from a full join b on a.token = b.token`,
            [colParam(colsA), colParam(colsB)],
          );
          out.push({ domain, datasetIds: [sets[i].id, sets[j].id], onlyA: r.only_a, both: r.both, onlyB: r.only_b });
        }
      }
    }
    return out;
  }
}

// One column of a domain (the usual case) reads the token index in token order, so compare is a
// merge of two index-only scans; several columns of one domain need `any`, which loses that order.
const colFilter = (cols: number[], n: number) =>
  cols.length === 1 ? `col = $${n}::smallint` : `col = any($${n}::smallint[])`;
const colParam = (cols: number[]) => (cols.length === 1 ? cols[0] : cols);
