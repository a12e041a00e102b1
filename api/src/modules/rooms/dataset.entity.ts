import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity';
import { Room } from './room.entity';

export const COLUMN_ROLES = ['clear', 'join', 'sealed'] as const;
export type ColumnRole = (typeof COLUMN_ROLES)[number];
export const VALUE_KINDS = ['text', 'email', 'phone'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

/**
 * Column metadata, in upload order. `join` columns carry a token (per join `domain`) and a sealed
 * copy; `sealed` columns a sealed cell only; `clear` columns the value as uploaded.
 * `tokenIndex`/`sealedIndex`/`clearIndex` are the 1-based positions in the row's arrays.
 */
export type DatasetColumn = {
  name: string;
  role: ColumnRole;
  domain: string | null;
  kind: ValueKind | null;
  padBucket: number | null;
  tokenIndex: number | null;
  sealedIndex: number | null;
  clearIndex: number | null;
};

export const DATASET_STATUSES = ['uploading', 'ready'] as const;
export type DatasetStatus = (typeof DATASET_STATUSES)[number];

/** An encrypted CSV data set in a room; visible to the room once every chunk arrived. */
@Entity({ tableName: 'vcr_datasets' })
@Unique({ properties: ['room', 'name'] })
export class Dataset {
  [OptionalProps]?: 'createdAt' | 'rowCount' | 'status' | 'completedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Room, { deleteRule: 'cascade' })
  room!: Room;

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  uploadedBy!: User;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @Property({ type: 'json' })
  columns!: DatasetColumn[];

  @Property({ type: 'integer' })
  keyVersion!: number;

  @Property({ type: 'smallint' })
  normalisationVersion!: number;

  // empty cells of join columns: 'null' (never join) or 'random' (a random unique token)
  @Property({ type: 'string', length: 6 })
  emptyCells!: 'null' | 'random';

  @Property({ type: 'integer' })
  chunkCount!: number;

  @Property({ type: 'integer' })
  rowCount: number = 0;

  @Property({ type: 'string', length: 9 })
  status: DatasetStatus = 'uploading';

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  completedAt?: Date | null = null;
}

/**
 * One upload chunk: reserved (its row numbers checked against the others) before its rows are
 * written, `stored` once they are. A retry of the same chunk index is recognised and changes nothing.
 */
@Entity({ tableName: 'vcr_upload_chunks' })
export class UploadChunk {
  [OptionalProps]?: 'stored';

  @ManyToOne(() => Dataset, { deleteRule: 'cascade', primary: true })
  dataset!: Dataset;

  @PrimaryKey({ type: 'integer' })
  chunkIndex!: number;

  @Property({ type: 'integer' })
  firstRow!: number;

  @Property({ type: 'integer' })
  rowCount!: number;

  @Property({ type: 'boolean' })
  stored: boolean = false;
}

/** A paid report: the join (or one set) result as sealed and clear cells, charged 1 IPT. */
@Entity({ tableName: 'vcr_reports' })
@Index({ properties: ['room', 'createdAt'] })
export class Report {
  [OptionalProps]?: 'createdAt' | 'condition';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Room, { deleteRule: 'cascade' })
  room!: Room;

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  user!: User;

  @Property({ type: 'json' })
  datasetIds!: string[];

  @Property({ type: 'json', nullable: true })
  condition?: unknown = null;

  @Property({ type: 'integer' })
  datasetCount!: number;

  @Property({ type: 'integer' })
  rowCount!: number;

  @Property({ type: 'json' })
  result!: unknown;

  // the credit ledger entry that paid for it: `report:<id>`
  @Property({ type: 'string', length: 200 })
  chargeReference!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
