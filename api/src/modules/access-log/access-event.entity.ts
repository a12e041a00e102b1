import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';

/**
 * What can happen to a participant's submission, as the participant's access log names it. Each
 * is an event about the data, never the data itself: no answer, no ciphertext, no file name.
 */
export const ACCESS_KINDS = [
  'submitted',
  'listed',
  'exported',
  'image_downloaded',
  'approved',
  'rejected',
  'webhook',
  'withdrawn',
  'expired',
  'retention_notice',
  'data_requested',
  'deleted',
] as const;
export type AccessKind = (typeof ACCESS_KINDS)[number];
// someone: a caller who is not the request's owner (the image links work for anyone who has them)
export const ACCESS_ACTORS = ['participant', 'requester', 'platform', 'someone'] as const;
export type AccessActor = (typeof ACCESS_ACTORS)[number];

const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/**
 * One line of a participant's access log. The ids carry no foreign keys on purpose: the log
 * outlives the submission it is about (a deletion is itself logged), and this module sits low in
 * the module order, below the participants and submissions it describes.
 */
@Entity({ tableName: 'access_events' })
@Index({ properties: ['participantId', 'at'] })
@Index({ properties: ['submissionId'] })
@Check({ name: 'access_events_kind_check', expression: `kind in (${inList(ACCESS_KINDS)})` })
@Check({ name: 'access_events_actor_check', expression: `actor in (${inList(ACCESS_ACTORS)})` })
export class AccessEvent {
  [OptionalProps]?: 'at' | 'detail' | 'submissionId' | 'requestId' | 'requestTitle';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  participantId!: string;

  @Property({ type: 'uuid', nullable: true })
  requestId?: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  submissionId?: string | null = null;

  @Property({ type: 'string', length: 20 })
  kind!: AccessKind;

  @Property({ type: 'string', length: 12 })
  actor!: AccessActor;

  // a short label chosen by the server (e.g. the webhook event type or "csv"), never user content
  @Property({ type: 'string', length: 80, nullable: true })
  detail?: string | null = null;

  // a deleted request's title, on the lines of its deletion: the participant still sees which
  // request that was, on those and its earlier lines (AccessLogService.read)
  @Property({ type: 'string', length: 200, nullable: true })
  requestTitle?: string | null = null;

  @Property({ type: 'datetime' })
  at: Date = new Date();
}
