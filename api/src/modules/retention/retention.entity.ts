import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';

/** The keeping periods a requester chooses from, in days (docs/guide/participant-rights.md). */
export const RETENTION_CHOICES = [30, 90, 180, 365, 730] as const;
/** The requester is told this long before answers are deleted. */
export const NOTICE_DAYS = 7;

/**
 * How long the answers to a request are kept: each is deleted `days` after it was sent. A table
 * of its own rather than a request column, so the requests module knows nothing of it; no foreign
 * key: a deleted request leaves a row that nothing reads.
 */
@Entity({ tableName: 'request_retentions' })
@Check({ name: 'request_retentions_days_check', expression: 'days >= 1 and days <= 3650' })
export class RequestRetention {
  [OptionalProps]?: 'setAt';

  @PrimaryKey({ type: 'uuid' })
  requestId!: string;

  @Property({ type: 'smallint' })
  days!: number;

  @Property({ type: 'datetime' })
  setAt: Date = new Date();
}

/**
 * One row per answer whose coming deletion was announced (to the requester, the webhook and the
 * participant's log): the primary key makes the announcement once, whichever process sweeps.
 */
@Entity({ tableName: 'retention_notices' })
export class RetentionNotice {
  [OptionalProps]?: 'noticedAt';

  @PrimaryKey({ type: 'uuid' })
  submissionId!: string;

  @Property({ type: 'uuid' })
  requestId!: string;

  @Property({ type: 'datetime' })
  noticedAt: Date = new Date();
}
