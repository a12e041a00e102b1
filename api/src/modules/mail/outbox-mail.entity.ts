import { OptionalProps } from '@mikro-orm/core';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

export type MailStatus = 'pending' | 'sent' | 'stored' | 'failed';

// Every outgoing e-mail is written here in the same transaction as the change that caused it, then
// delivered by the dispatcher (SMTP) or kept as the readable dev outbox (status "stored").
@Entity({ tableName: 'mail_outbox' })
@Index({ properties: ['status', 'nextAttemptAt'] })
export class OutboxMail {
  [OptionalProps]?: 'createdAt' | 'status' | 'attempts' | 'nextAttemptAt' | 'sentAt' | 'lastError' | 'kind';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 40 })
  kind: string = 'generic';

  @Index()
  @Property({ type: 'string', length: 254 })
  toAddress!: string;

  @Property({ type: 'string', length: 200 })
  subject!: string;

  @Property({ type: 'text' })
  text!: string;

  @Property({ type: 'string', length: 10 })
  status: MailStatus = 'pending';

  @Property({ type: 'integer' })
  attempts: number = 0;

  @Property({ type: 'datetime' })
  nextAttemptAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  sentAt?: Date | null = null;

  @Property({ type: 'text', nullable: true })
  lastError?: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
