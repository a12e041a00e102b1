import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { Room } from '../rooms/room.entity';
import { User } from '../users/user.entity';

export const AUDIT_ACTIONS = [
  'compare',
  'join',
  'aggregate',
  'report',
  'access-requested',
  'access-approved',
  'access-declined',
  'rule-changed',
  'role-changed',
  'privacy-changed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * What came out of an analysis, as the actor received it: a count (null when suppressed) of
 * `unit`s, and per data set how many of its distinct rows the result covered. Another member sees
 * the count only when it covers at least k rows of every set of someone else's (audit.service.ts).
 */
export type AuditOutcome = {
  count: number | null;
  unit: 'overlaps' | 'pairs' | 'groups' | 'rows';
  coverage: Record<string, number>;
};

/** One entry of a room's audit log: every analysis, report, access request, decision and rule change. */
@Entity({ tableName: 'vcr_audit_events' })
@Index({ properties: ['room', 'createdAt'] })
export class AuditEvent {
  [OptionalProps]?: 'createdAt' | 'outcome';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => Room, { deleteRule: 'cascade' })
  room!: Room;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  actor!: User;

  @Property({ type: 'string', length: 20 })
  action!: AuditAction;

  @Property({ type: 'json' })
  datasetIds!: string[];

  // the sets' names at the time (a set may be deleted later)
  @Property({ type: 'json' })
  datasetNames!: string[];

  // what was asked, in words (the condition, the columns, the rule change)
  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'json', nullable: true })
  outcome?: AuditOutcome | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
