import { OptionalProps } from '@mikro-orm/core';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { Participant } from '../participants/participant.entity';
import { Payout } from '../payouts/payout.entity';
import { DataRequest } from '../requests/request.entity';
import { Submission } from '../responses/submission.entity';
import { SurveyQuestion } from '../surveys/survey-question.entity';

/** What a full quota does to the next participant who falls in it. */
export const QUOTA_ACTIONS = ['screen_out', 'close_request'] as const;
export type QuotaAction = (typeof QUOTA_ACTIONS)[number];
/** How an answer that took no paid place ended. */
export const OUTCOMES = ['screened_out', 'quota_full'] as const;
export type Outcome = (typeof OUTCOMES)[number];

/** The default minimum hourly reward (IPT per hour) a study is measured against (docs/guide/fieldwork.md). */
export const DEFAULT_MIN_HOURLY = 12;
/** The default share of the places that screened-out participants may be paid. */
export const DEFAULT_SCREEN_OUT_SHARE = 0.1;
/** The default share of the responses a requester may reject without a reason to each. */
export const DEFAULT_REJECTION_SHARE = 0.1;

const inList = (col: string, values: readonly string[]) => `${col} in (${values.map((v) => `'${v}'`).join(', ')})`;

/**
 * A request's fieldwork settings, kept beside the request (not on it): the screen-out reward (the
 * escrow pays one bonus_each per wallet, so a paid screen-out takes one bonus from it) and the share
 * of the places it may use, the minimum hourly rate, the rejection cap, and when a top-up was paid
 * (a quota that closes the request sets the request's own closedAt).
 */
@Entity({ tableName: 'fieldwork_settings' })
export class FieldworkSettings {
  [OptionalProps]?: 'payScreenOut' | 'screenOutShare' | 'minHourly' | 'rejectionShare' | 'topUpPaidAt';

  @ManyToOne(() => DataRequest, { primary: true, deleteRule: 'cascade' })
  request!: DataRequest;

  @Property({ type: 'boolean' })
  payScreenOut: boolean = false;

  @Property({ type: 'double' })
  screenOutShare: number = DEFAULT_SCREEN_OUT_SHARE;

  @Property({ type: 'integer' })
  minHourly: number = DEFAULT_MIN_HOURLY;

  @Property({ type: 'double' })
  rejectionShare: number = DEFAULT_REJECTION_SHARE;

  @Property({ type: 'datetime', nullable: true })
  topUpPaidAt?: Date | null = null;
}

/** A screener: a survey question whose answer decides who may go on; `qualifying` are option ids. */
@Entity({ tableName: 'fieldwork_screeners' })
@Unique({ properties: ['request', 'question'] })
export class Screener {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => DataRequest, { deleteRule: 'cascade' })
  request!: DataRequest;

  @ManyToOne(() => SurveyQuestion, { deleteRule: 'cascade' })
  question!: SurveyQuestion;

  @Property({ type: 'json' })
  qualifying!: string[];
}

/** A quota on a closed question: at most `size` accepted responses choosing one of `options`. */
@Entity({ tableName: 'fieldwork_quotas' })
@Check({ name: 'fieldwork_quotas_action_check', expression: inList('action', QUOTA_ACTIONS) })
@Check({ name: 'fieldwork_quotas_size_check', expression: 'size > 0' })
export class Quota {
  [OptionalProps]?: 'filledAt';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => DataRequest, { deleteRule: 'cascade', index: true })
  request!: DataRequest;

  @Property({ type: 'string', length: 100 })
  name!: string;

  @ManyToOne(() => SurveyQuestion, { deleteRule: 'cascade' })
  question!: SurveyQuestion;

  @Property({ type: 'json' })
  options!: string[];

  @Property({ type: 'integer' })
  size!: number;

  @Property({ type: 'string', length: 16 })
  action!: QuotaAction;

  @Property({ type: 'datetime', nullable: true })
  filledAt?: Date | null = null;
}

/** The accepted responses counted in a quota (withdrawn with their submission). */
@Entity({ tableName: 'fieldwork_quota_members' })
@Index({ properties: ['quota'] })
export class QuotaMember {
  @ManyToOne(() => Quota, { primary: true, deleteRule: 'cascade' })
  quota!: Quota;

  @ManyToOne(() => Submission, { primary: true, deleteRule: 'cascade' })
  submission!: Submission;
}

/** An attention check (an instructed-response question): `expected` are the option ids it asks for. */
@Entity({ tableName: 'fieldwork_attention_checks' })
@Unique({ properties: ['request', 'question'] })
export class AttentionCheck {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => DataRequest, { deleteRule: 'cascade' })
  request!: DataRequest;

  @ManyToOne(() => SurveyQuestion, { deleteRule: 'cascade' })
  question!: SurveyQuestion;

  @Property({ type: 'json' })
  expected!: string[];
}

/**
 * An answer that ended without a paid place: screened out by a screener, or by a full quota (the
 * quota that ended it is recorded). One per device and one per wallet per request, like a
 * submission, so nobody retries with other answers. A paid screen-out keeps its payout.
 */
@Entity({ tableName: 'fieldwork_outcomes' })
@Unique({ properties: ['request', 'participant'] })
@Unique({ properties: ['request', 'walletAddress'] })
@Check({ name: 'fieldwork_outcomes_outcome_check', expression: inList('outcome', OUTCOMES) })
export class FieldworkOutcome {
  [OptionalProps]?: 'createdAt' | 'quota' | 'question' | 'payout' | 'idempotencyKey';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => DataRequest, { deleteRule: 'cascade' })
  request!: DataRequest;

  @ManyToOne(() => Participant, { deleteRule: 'cascade', index: true })
  participant!: Participant;

  @Property({ type: 'string', length: 42 })
  walletAddress!: string;

  @Property({ type: 'string', length: 16 })
  outcome!: Outcome;

  @ManyToOne(() => Quota, { deleteRule: 'set null', nullable: true })
  quota?: Quota | null = null;

  // the screener that ended it
  @ManyToOne(() => SurveyQuestion, { deleteRule: 'set null', nullable: true })
  question?: SurveyQuestion | null = null;

  @ManyToOne(() => Payout, { deleteRule: 'set null', nullable: true })
  payout?: Payout | null = null;

  // the key the client sent with the answer: a resend with it gets this outcome back, not a 409
  @Property({ type: 'string', length: 64, nullable: true })
  idempotencyKey?: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}

/** The quality flags of one accepted submission, shown to the reviewer before approval. */
@Entity({ tableName: 'fieldwork_flags' })
@Index({ properties: ['participant'] })
@Index({ properties: ['walletAddress'] })
export class SubmissionFlags {
  [OptionalProps]?: 'durationMs' | 'createdAt';

  @ManyToOne(() => Submission, { primary: true, deleteRule: 'cascade' })
  submission!: Submission;

  @ManyToOne(() => DataRequest, { deleteRule: 'cascade', index: true })
  request!: DataRequest;

  // the device and wallet, kept here so repeated ones are found with an index of our own
  @ManyToOne(() => Participant, { deleteRule: 'cascade' })
  participant!: Participant;

  @Property({ type: 'string', length: 42 })
  walletAddress!: string;

  @Property({ type: 'integer' })
  attentionFailed!: number;

  @Property({ type: 'integer' })
  attentionChecks!: number;

  @Property({ type: 'boolean' })
  speeding!: boolean;

  @Property({ type: 'boolean' })
  straightLining!: boolean;

  // the device answered before with other wallets, or the wallet from other devices
  @Property({ type: 'boolean' })
  repeatedDevice!: boolean;

  @Property({ type: 'boolean' })
  repeatedWallet!: boolean;

  // how long the participant took, as the phone measured it
  @Property({ type: 'integer', nullable: true })
  durationMs?: number | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}

/** Where a top-up's money comes from: the requester's prepaid credit, or their browser wallet. */
export const TOP_UP_SOURCES = ['credit', 'wallet'] as const;
export type TopUpSource = (typeof TOP_UP_SOURCES)[number];

/**
 * A top-up paid to one approved participant (once: unique per request and submission wallet).
 * From credit, a withdrawal from the requester's credit pays it; from the wallet, `payout` is the
 * payment from the top-up escrow the requester's wallet funded (not one of the request's places).
 */
@Entity({ tableName: 'fieldwork_top_ups' })
@Unique({ properties: ['request', 'walletAddress'] })
@Check({ name: 'fieldwork_top_ups_source_check', expression: inList('source', TOP_UP_SOURCES) })
export class TopUp {
  [OptionalProps]?: 'createdAt' | 'source' | 'payout';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => DataRequest, { deleteRule: 'cascade' })
  request!: DataRequest;

  @Property({ type: 'string', length: 42 })
  walletAddress!: string;

  @Property({ type: 'integer' })
  amount!: number;

  @Property({ type: 'string', length: 6 })
  source: TopUpSource = 'credit';

  @ManyToOne(() => Payout, { deleteRule: 'set null', nullable: true })
  payout?: Payout | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
