import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { Participant } from '../participants/participant.entity';
import { DataRequest } from '../requests/request.entity';
import { User } from '../users/user.entity';

/**
 * One participant's response to a published request: the encrypted collection data with its
 * sealed data key, or (surveys) the SurveyAnswer rows. One per device and one per wallet per
 * request (the escrow pays a wallet once). `owner` repeats the request's owner so the dashboard's
 * "responses today" is one index range scan.
 */
@Entity({ tableName: 'submissions' })
@Unique({ properties: ['request', 'participant'] })
@Unique({ properties: ['request', 'walletAddress'] })
@Unique({ properties: ['request', 'idempotencyKey'] })
@Index({ properties: ['request', 'createdAt'] })
@Index({ properties: ['owner', 'createdAt'] })
@Check({
  name: 'submissions_sealed_pair_check',
  expression: '(encrypted_data is null) = (sealed_key is null)',
})
export class Submission {
  [OptionalProps]?: 'createdAt' | 'encryptedData' | 'sealedKey' | 'presented' | 'idempotencyKey';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => DataRequest, { deleteRule: 'cascade' })
  request!: DataRequest;

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  owner!: User;

  @ManyToOne(() => Participant, { deleteRule: 'cascade', index: true })
  participant!: Participant;

  @Property({ type: 'string', length: 42 })
  walletAddress!: string;

  // collections: `aesgcm1.` + base64(iv || ciphertext) of the response JSON (never seen in clear)
  @Property({ type: 'text', nullable: true })
  encryptedData?: string | null = null;

  // collections: the data key sealed to the request's public key, `hpke1.` + base64(enc || ct)
  @Property({ type: 'text', nullable: true })
  sealedKey?: string | null = null;

  // surveys with randomised order: the question ids and each question's options in the order this
  // participant saw them (null when nothing was shuffled)
  @Property({ type: 'json', nullable: true })
  presented?: { questions: string[]; options: Record<string, string[]> } | null = null;

  // the key the client sent with it (an offline answer resent): a repeat with the same key gets
  // this submission back instead of a second one
  @Property({ type: 'string', length: 64, nullable: true })
  idempotencyKey?: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}

/**
 * What stays when a participant withdraws a submission (the response itself is deleted): which
 * wallet the device used for the request, so `checkSubmitted` still shows a payout that was made
 * (a withdrawal does not reverse it). Nothing of the response is kept.
 */
@Entity({ tableName: 'withdrawn_submissions' })
@Unique({ properties: ['request', 'participant'] })
export class WithdrawnSubmission {
  [OptionalProps]?: 'withdrawnAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => DataRequest, { deleteRule: 'cascade' })
  request!: DataRequest;

  @ManyToOne(() => Participant, { deleteRule: 'cascade', index: true })
  participant!: Participant;

  @Property({ type: 'string', length: 42 })
  walletAddress!: string;

  @Property({ type: 'datetime' })
  withdrawnAt: Date = new Date();
}
