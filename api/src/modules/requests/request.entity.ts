import { OptionalProps } from '@mikro-orm/core';
import type { SurveyTexts } from '../surveys/survey-translations';
import { Check, Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { randomUUID } from 'node:crypto';
import { User } from '../users/user.entity';

export const REQUEST_TYPES = ['collection', 'survey'] as const;
export type RequestKind = (typeof REQUEST_TYPES)[number];
export const QUALITIES = ['all', 'high'] as const;
export type Quality = (typeof QUALITIES)[number];
export const ACCESS_TYPES = ['Single Access', 'Multiple Access'] as const;
export type AccessType = (typeof ACCESS_TYPES)[number];
export const REQUEST_STATUS = { draft: 0, published: 1 } as const;
export type RequestStatus = (typeof REQUEST_STATUS)[keyof typeof REQUEST_STATUS];
/** Who pays the escrow: the requester's browser wallet (the default) or their prepaid credit. */
export const FUNDINGS = ['wallet', 'credit'] as const;
export type Funding = (typeof FUNDINGS)[number];

/** The personal data a collection asks for (the wizard's Options step); at least one is true. */
export type CollectionOptions = {
  healthData: boolean;
  locationData: boolean;
  profileData: boolean;
  idData: boolean;
  personalImages: boolean;
};
export const COLLECTION_OPTION_KEYS = [
  'healthData',
  'locationData',
  'profileData',
  'idData',
  'personalImages',
] as const satisfies readonly (keyof CollectionOptions)[];

/** Paid after review: days the requester has to decide before a submission is approved by itself. */
export const REVIEW_DAYS = { min: 1, max: 30, default: 7 } as const;

const inList = (values: readonly (string | number)[]) =>
  values.map((v) => (typeof v === 'number' ? String(v) : `'${v}'`)).join(', ');

/**
 * A data access request (collection) or a survey. Amounts are whole IPT. A draft (status 0) needs
 * no money; a published one (status 1) names the escrow that holds its bonus and the wallet that
 * funded it. `responseCount` and `questionCount` are kept in step with their rows in the same
 * transactions, so lists and the dashboard read them without counting (no N+1, no big scans).
 * The request key's public PEM is copied here: responses are encrypted to it, and deleting the
 * key from the settings page must not make a published request unanswerable.
 */
@Entity({ tableName: 'requests' })
@Index({ properties: ['user', 'createdAt'] })
@Index({ properties: ['user', 'type', 'createdAt'] })
@Index({ properties: ['status', 'publishedAt'] })
@Check({ name: 'requests_type_check', expression: `type in (${inList(REQUEST_TYPES)})` })
@Check({ name: 'requests_quality_check', expression: `quality in (${inList(QUALITIES)})` })
@Check({ name: 'requests_access_check', expression: `access in (${inList(ACCESS_TYPES)})` })
@Check({ name: 'requests_status_check', expression: 'status in (0, 1)' })
@Check({ name: 'requests_funding_check', expression: `funding in (${inList(FUNDINGS)})` })
@Check({ name: 'requests_bonus_check', expression: 'bonus_each >= 1 and bonus_amount >= bonus_each' })
@Check({ name: 'requests_counts_check', expression: 'response_count >= 0' })
@Check({
  name: 'requests_review_days_check',
  expression: `review_days >= ${REVIEW_DAYS.min} and review_days <= ${REVIEW_DAYS.max}`,
})
@Check({
  name: 'requests_published_escrow_check',
  expression: 'status = 0 or (escrow_address is not null and signer_address is not null)',
})
export class DataRequest {
  [OptionalProps]?:
    | 'createdAt'
    | 'updatedAt'
    | 'category'
    | 'bonus'
    | 'options'
    | 'questionCount'
    | 'responseCount'
    | 'escrowAddress'
    | 'signerAddress'
    | 'escrowVerified'
    | 'funding'
    | 'escrowClosedAt'
    | 'closedAt'
    | 'publishedAt'
    | 'payAfterReview'
    | 'reviewDays'
    | 'language'
    | 'translations';

  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'string', length: 10 })
  type!: RequestKind;

  @Property({ type: 'string', length: 200 })
  title!: string;

  @Property({ type: 'text' })
  description!: string;

  @Property({ type: 'string', length: 40 })
  category: string = 'Default';

  @Property({ type: 'string', length: 4 })
  quality!: Quality;

  @Property({ type: 'string', length: 20 })
  access!: AccessType;

  // one of the owner's key ids (no foreign key: see the class comment)
  @Property({ type: 'string', length: 32 })
  keyId!: string;

  @Property({ type: 'text' })
  publicKeyPem!: string;

  // the bonus currency; always 'eth', which the product uses for the IPT token
  @Property({ type: 'string', length: 3 })
  bonus: string = 'eth';

  @Property({ type: 'integer' })
  bonusAmount!: number;

  @Property({ type: 'integer' })
  bonusEach!: number;

  @Property({ type: 'smallint' })
  status!: RequestStatus;

  // collections only
  @Property({ type: 'json', nullable: true })
  options?: CollectionOptions | null = null;

  // surveys only
  @Property({ type: 'integer', nullable: true })
  questionCount?: number | null = null;

  // surveys only (issue 30): the language it is written in (null: English) and its title and
  // description in the languages added (the questions carry their own translations)
  @Property({ type: 'string', length: 16, nullable: true })
  language?: string | null = null;

  @Property({ type: 'json', nullable: true })
  translations?: SurveyTexts | null = null;

  @Property({ type: 'integer' })
  responseCount: number = 0;

  // the request's escrow (legacy newchild / contract_id), checksummed
  @Property({ type: 'string', length: 42, nullable: true, unique: true })
  escrowAddress?: string | null = null;

  // the wallet that created and funded the escrow (legacy address / addressSigner)
  @Property({ type: 'string', length: 42, nullable: true })
  signerAddress?: string | null = null;

  // true once the escrow was checked on-chain (false when published while no chain was configured)
  @Property({ type: 'boolean' })
  escrowVerified: boolean = false;

  // wallet: the requester's wallet funded the escrow; credit: the treasury did, from prepaid credit
  // (escrow-funding.entity.ts), and what is left on close returns to that credit
  @Property({ type: 'string', length: 6 })
  funding: Funding = 'wallet';

  // set when the escrow was closed (the request then stops taking responses)
  @Property({ type: 'datetime', nullable: true })
  escrowClosedAt?: Date | null = null;

  // set when a quota whose action is close_request filled (fieldwork): it takes no more answers and
  // leaves the open lists, though it stays published (its escrow still pays the answers it took);
  // cleared when a rejection frees that quota again
  @Property({ type: 'datetime', nullable: true })
  closedAt?: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  publishedAt?: Date | null = null;

  // false: each accepted submission is paid at once (the default); true: its payout waits for the
  // requester's approval, or for reviewDays to pass (payouts.service.ts)
  @Property({ type: 'boolean' })
  payAfterReview: boolean = false;

  @Property({ type: 'smallint' })
  reviewDays: number = REVIEW_DAYS.default;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/** How many paid responses a request can take: floor(Total / per Response). */
export const capacityOf = (r: Pick<DataRequest, 'bonusAmount' | 'bonusEach'>): number =>
  Math.floor(r.bonusAmount / r.bonusEach);
