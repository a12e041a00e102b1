import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

/**
 * A signed consent receipt as it was issued. Kept when the submission goes (withdrawal, retention,
 * a deletion request): it is the participant's proof of what they agreed to, holds no answer, and
 * names the submission only by id and hash. Hence no foreign keys.
 */
@Entity({ tableName: 'consent_receipts' })
@Index({ properties: ['participantId', 'issuedAt'] })
export class ConsentReceipt {
  [OptionalProps]?: 'issuedAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid', unique: true })
  submissionId!: string;

  @Property({ type: 'uuid' })
  participantId!: string;

  @Property({ type: 'uuid' })
  requestId!: string;

  // the compact JWS (ES256) as issued
  @Property({ type: 'text' })
  token!: string;

  @Property({ type: 'datetime' })
  issuedAt: Date = new Date();
}
