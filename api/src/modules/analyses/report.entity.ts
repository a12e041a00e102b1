import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { Room } from '../rooms/room.entity';
import { User } from '../users/user.entity';

/** A paid report: the join (or one set) result as sealed and clear cells, charged 1 IPT. */
@Entity({ tableName: 'vcr_reports' })
@Index({ properties: ['room', 'createdAt'] })
export class Report {
  [OptionalProps]?: 'createdAt' | 'condition' | 'description' | 'accessRequestId';

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

  // what the report holds, in words (the sets and the join condition), for the lists and the audit log
  @Property({ type: 'text' })
  description: string = '';

  // the approved access request it used (one report per approval), if any
  @Property({ type: 'uuid', nullable: true })
  accessRequestId?: string | null = null;

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
