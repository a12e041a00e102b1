import { OptionalProps } from '@mikro-orm/core';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { Room } from '../rooms/room.entity';
import { User } from '../users/user.entity';
import {
  DEFAULT_PARTNER_ACCESS,
  MIN_GROUP_SIZE,
  PRIVACY_BUDGET,
  QUERY_COST,
  type ColumnRole,
  type ColumnSealing,
  type EmptyCellPolicy,
  type PartnerAccess,
  type PartnerRole,
  type ValueKind,
} from '../../../../shared/wire-format';

/**
 * Column metadata, in upload order. `join` columns carry a token (per join `domain`) and a sealed
 * copy; `sealed` columns a sealed cell only; `clear` columns the value as uploaded.
 * `tokenIndex`/`sealedIndex`/`clearIndex` are the 1-based positions in the row's arrays.
 * `partnerRole`: what a partner may do with it (wire-format.ts PARTNER_ROLES), `lower`/`upper` the
 * declared bounds of a `metric`. `shared`: partners may receive its cells in a row-level report
 * (partnerRole `shared`, or every column under `full`). `sealing`: which key sealed its cells
 * (null for clear columns).
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
  shared: boolean;
  sealing: ColumnSealing | null;
  partnerRole: PartnerRole;
  lower: number | null;
  upper: number | null;
};

/** Micro-epsilon: budgets and costs are whole numbers so that spending never rounds. */
export const MICROS = 1_000_000;

export const DATASET_STATUSES = ['uploading', 'ready'] as const;
export type DatasetStatus = (typeof DATASET_STATUSES)[number];

/** An encrypted CSV data set in a room; visible to the room once every chunk arrived. */
@Entity({ tableName: 'vcr_datasets' })
@Unique({ properties: ['room', 'name'] })
export class Dataset {
  [OptionalProps]?:
    | 'createdAt'
    | 'rowCount'
    | 'status'
    | 'completedAt'
    | 'partnerAccess'
    | 'minGroupSize'
    | 'sealedSecret'
    | 'secretKeyId'
    | 'differentialPrivacy'
    | 'budgetMicros'
    | 'queryCostMicros';

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
  emptyCells!: EmptyCellPolicy;

  // the analysis rule (wire-format.ts PARTNER_ACCESS), chosen and changed by the uploader only
  @Property({ type: 'string', length: 10 })
  partnerAccess: PartnerAccess = DEFAULT_PARTNER_ACCESS;

  // the minimum group size k of every count and aggregate a partner receives
  @Property({ type: 'integer' })
  minGroupSize: number = MIN_GROUP_SIZE.default;

  // differential privacy of what partners receive from the set (privacy.service.ts), with the
  // budget of epsilon each partner may spend on it and the cost of one answer, in micro-epsilon
  @Property({ type: 'boolean' })
  differentialPrivacy: boolean = false;

  @Property({ type: 'integer' })
  budgetMicros: number = PRIVACY_BUDGET.default * MICROS;

  @Property({ type: 'integer' })
  queryCostMicros: number = QUERY_COST.default * MICROS;

  // the data set's own secret (CRYPTO.md s.5b), HPKE-sealed to the uploader's public key
  // `secretKeyId`. Only the uploader ever receives it; null when no column is sealed with it.
  @Property({ type: 'text', nullable: true })
  sealedSecret?: string | null = null;

  @Property({ type: 'string', length: 32, nullable: true })
  secretKeyId?: string | null = null;

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
