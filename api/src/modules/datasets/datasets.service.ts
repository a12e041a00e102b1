import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../../db/sql';
import { badInput, conflict, forbidden, isUniqueViolation, notFound } from '../../shared/errors';
import { Key } from '../keys/key.entity';
import { normaliseKeyId } from '../keys/public-key';
import { Room } from '../rooms/room.entity';
import type { RoomsService } from '../rooms/rooms.service';
import { User } from '../users/user.entity';
import { decodeChunk, decodePackedChunk } from './chunk-rows';
import { chunkTransaction } from './chunk-writer';
import {
  analyseDatasetTables,
  createDatasetTables,
  datasetWidths,
  dropDatasetTables,
  indexDatasetTables,
} from './dataset-tables';
import { Dataset, type DatasetColumn } from './dataset.entity';
import { buildColumns, checkSameUpload, privacySettings } from './dataset-settings';
import type { DatasetRef, DeleteDatasetsCommand, UploadChunkCommand } from './datasets.schemas';
import { MAX_CHUNK_ROWS } from '../../../../shared/wire-format';

// an upload of a million rows takes minutes: a day without completing means nobody will
export const ABANDONED_AFTER_HOURS = 24;

export type UploadResult = { dataset: Dataset; chunksReceived: number; duplicate: boolean };

export class DatasetsService {
  constructor(private readonly rooms: RoomsService) {}

  /**
   * Stores one chunk of an encrypted data set. Every chunk carries the set's id, name and header:
   * the first to arrive creates the set, a repeated chunk index changes nothing (idempotent
   * retries), and the set becomes visible once all `chunk_count` chunks are in, with contiguous
   * row numbers. Chunks of one set may arrive in parallel: a chunk first reserves its row numbers
   * (a short transaction holding the set's lock), then writes its rows in a transaction of its
   * own, and whichever chunk is stored last completes the set. The analysis rule and the data
   * set's sealed secret come with every chunk, like the header.
   */
  async upload(
    em: EntityManager,
    user: User,
    input: UploadChunkCommand,
    packedBytes?: Uint8Array,
  ): Promise<UploadResult> {
    const forms = [input.rows, input.packed, packedBytes].filter((f) => f !== undefined).length;
    if (forms !== 1) throw badInput('send the rows of the chunk either as JSON rows or packed');
    if (input.chunkIndex >= input.chunkCount) throw badInput('chunk_index: must be below chunk_count');
    const columns = buildColumns(input.columns, input.partnerAccess);
    const { room } = await this.rooms.access(em, user, input.roomId);
    const keyVersion = input.keyVersion ?? room.keyVersion;
    if (keyVersion > room.keyVersion) throw badInput(`key_version: the room key is at version ${room.keyVersion}`);
    const secret = await this.datasetSecret(em, user, input, columns);
    // validate and decode before touching the database
    const packed = packedBytes ?? input.packed;
    const chunk =
      packed === undefined
        ? decodeChunk(columns, input.rows ?? [], input.firstRow)
        : decodePackedChunk(columns, packed, input.firstRow, MAX_CHUNK_ROWS);

    const dataset = await this.ensureDataset(em, user, room, input, { columns, keyVersion, ...secret });
    const ref = { datasetId: input.datasetId, chunkIndex: input.chunkIndex, firstRow: input.firstRow };
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

  /**
   * The data set's own secret, sealed to one of the uploader's keys: required when a column is
   * sealed with it (CRYPTO.md s.5b). Its envelope opens only with the uploader's private key.
   */
  private async datasetSecret(
    em: EntityManager,
    user: User,
    input: UploadChunkCommand,
    columns: DatasetColumn[],
  ): Promise<{ sealedSecret: string | null; secretKeyId: string | null }> {
    const withheld = columns.filter((c) => c.sealing === 'dataset').map((c) => c.name);
    if ((input.sealedSecret === undefined) !== (input.secretKeyId === undefined))
      throw badInput('sealed_secret and secret_key_id go together');
    if (input.sealedSecret === undefined || input.secretKeyId === undefined) {
      if (withheld.length)
        throw badInput(
          `sealed_secret: ${withheld.join(', ')} ${withheld.length === 1 ? 'is' : 'are'} not shared with partners, so ${withheld.length === 1 ? 'it is' : 'they are'} sealed with the data set's own secret: send it sealed to your public key (or share the column)`,
        );
      return { sealedSecret: null, secretKeyId: null };
    }
    const keyId = normaliseKeyId(input.secretKeyId);
    if (!keyId || !(await em.count(Key, { id: keyId, user })))
      throw notFound('Key (secret_key_id: choose one of your own keys)');
    return { sealedSecret: input.sealedSecret, secretKeyId: keyId };
  }

  private async ensureDataset(
    em: EntityManager,
    user: User,
    room: Room,
    input: UploadChunkCommand,
    set: { columns: DatasetColumn[]; keyVersion: number; sealedSecret: string | null; secretKeyId: string | null },
  ): Promise<Dataset> {
    const { columns, keyVersion } = set;
    const privacy = privacySettings(input);
    // by id or by name: a parallel first chunk of this set may have created it in between
    const lookup = () =>
      em.findOne(
        Dataset,
        { $or: [{ id: input.datasetId }, { room, name: input.name }] },
        { orderBy: { id: 'asc' }, refresh: true },
      );
    const found = (d: Dataset) => {
      if (d.id !== input.datasetId) throw conflict('A data set with this name already exists in the room');
      checkSameUpload(d, room, user, input, set, privacy);
      return d;
    };
    const existing = await lookup();
    if (existing) return found(existing);
    try {
      await em.fork().transactional(async (tx) => {
        tx.create(Dataset, {
          id: input.datasetId,
          room: tx.getReference(Room, room.id),
          uploadedBy: tx.getReference(User, user.id),
          name: input.name,
          columns,
          keyVersion,
          normalisationVersion: input.normalisationVersion,
          emptyCells: input.emptyCells,
          chunkCount: input.chunkCount,
          partnerAccess: input.partnerAccess,
          minGroupSize: input.minGroupSize,
          ...privacy,
          sealedSecret: set.sealedSecret,
          secretKeyId: set.secretKeyId,
        });
        // the row first: a parallel first chunk waits on its key, then fails, before any DDL
        await tx.flush();
        await createDatasetTables(tx, input.datasetId, datasetWidths(columns));
      });
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // a parallel first chunk won the race, or the name is taken
      const raced = await lookup();
      if (!raced) throw conflict('A data set with this name already exists in the room');
      return found(raced);
    }
    return em.findOneOrFail(Dataset, { id: input.datasetId });
  }

  /** Marks the set ready, its tables indexed, once all its chunks are stored; true when this call did. */
  private async completeIfAllIn(em: EntityManager, datasetId: string): Promise<boolean> {
    return em.transactional(async (tx) => {
      const [d] = await query<{ chunk_count: number; status: string; columns: DatasetColumn[] }>(
        tx,
        'select chunk_count, status, columns from vcr_datasets where id = $1 for update',
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
      await indexDatasetTables(tx, datasetId, datasetWidths(d.columns));
      await query(tx, `update vcr_datasets set status = 'ready', row_count = $2, completed_at = now() where id = $1`, [
        datasetId,
        next,
      ]);
      return true;
    });
  }

  /** The room's complete data sets, oldest first. */
  async list(em: EntityManager, user: User, roomId: string): Promise<Dataset[]> {
    const { room } = await this.rooms.access(em, user, roomId);
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

  async columns(em: EntityManager, user: User, input: DatasetRef): Promise<Dataset> {
    return this.get(em, user, input.roomId, input.datasetId);
  }

  /** getFilters(dataset_id): the legacy call names no room; membership is checked through the set's room. */
  async filters(em: EntityManager, user: User, datasetId: string): Promise<Dataset> {
    const d = await em.findOne(Dataset, { id: datasetId, status: 'ready' });
    if (!d) throw notFound('Data set');
    return this.get(em, user, d.room.id, d.id);
  }

  /** Deletes data sets with their rows; the uploader or the room owner may. */
  async delete(em: EntityManager, user: User, input: DeleteDatasetsCommand): Promise<string[]> {
    return em.transactional(async (tx) => {
      const { member, room } = await this.rooms.access(tx, user, input.roomId);
      const sets = await tx.find(Dataset, { id: { $in: input.datasetIds }, room });
      if (sets.length !== new Set(input.datasetIds).size) throw notFound('Data set');
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
}
