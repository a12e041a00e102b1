import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { Dataset } from '../datasets/dataset.entity';
import { Room } from '../rooms/room.entity';
import { User } from '../users/user.entity';

export const ACCESS_REQUEST_STATUSES = ['open', 'approved', 'declined', 'used'] as const;
export type AccessRequestStatus = (typeof ACCESS_REQUEST_STATUSES)[number];

/**
 * A partner asking a data set's uploader for one report the analysis rule does not allow: the set
 * alone, or a join with one of the partner's own sets, with columns the uploader withholds. The
 * uploader approves (once: the approval allows exactly that report) or declines.
 */
@Entity({ tableName: 'vcr_access_requests' })
@Index({ properties: ['room', 'createdAt'] })
export class AccessRequest {
  [OptionalProps]?:
    'createdAt' | 'status' | 'decidedAt' | 'decisionNote' | 'reportId' | 'otherDataset' | 'condition' | 'description';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Room, { deleteRule: 'cascade' })
  room!: Room;

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  requester!: User;

  // the set asked about (another member's)
  @ManyToOne(() => Dataset, { deleteRule: 'cascade', index: true })
  dataset!: Dataset;

  // the requester's own set to join it with (null: the set alone)
  @ManyToOne(() => Dataset, { deleteRule: 'cascade', nullable: true })
  otherDataset?: Dataset | null = null;

  // the report's sets in the order the condition names them (set 1, set 2)
  @Property({ type: 'json' })
  datasetIds!: string[];

  // the join condition tree (with otherDataset), as the requester sent it
  @Property({ type: 'json', nullable: true })
  condition?: unknown = null;

  // the withheld columns of `dataset` asked for (its shared columns come anyway)
  @Property({ type: 'json' })
  columns!: string[];

  @Property({ type: 'text' })
  reason!: string;

  // the report asked for, in words
  @Property({ type: 'text' })
  description: string = '';

  @Property({ type: 'string', length: 10 })
  status: AccessRequestStatus = 'open';

  @Property({ type: 'datetime', nullable: true })
  decidedAt?: Date | null = null;

  // the uploader's words with a decline
  @Property({ type: 'text', nullable: true })
  decisionNote?: string | null = null;

  // the report the approval was used for
  @Property({ type: 'uuid', nullable: true })
  reportId?: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}

/**
 * The key of one column sealed with a data set's own secret, HPKE-sealed by the uploader's browser
 * to another member's room public key (CRYPTO.md s.5b). `scope` is `standing` for a column the
 * uploader shares with partners, or `request:<id>` for the one report an approval allows.
 */
@Entity({ tableName: 'vcr_column_grants' })
@Unique({ properties: ['dataset', 'column', 'grantee', 'scope'] })
export class ColumnGrant {
  [OptionalProps]?: 'createdAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Dataset, { deleteRule: 'cascade' })
  dataset!: Dataset;

  @Property({ type: 'string', length: 64 })
  column!: string;

  @ManyToOne(() => User, { deleteRule: 'cascade', index: true })
  grantee!: User;

  @Property({ type: 'string', length: 50 })
  scope!: string;

  // the grantee's public key the column key is sealed to
  @Property({ type: 'string', length: 32 })
  publicKeyId!: string;

  @Property({ type: 'text' })
  sealedKey!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
