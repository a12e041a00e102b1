import { z } from 'zod';
import { evmAddress } from '../../shared/address';
import { trimmed } from '../../shared/validation';
import { questionsSchema } from '../surveys/surveys.schemas';
import { languageCode, surveyTexts, surveyTextsSchema } from '../surveys/survey-translations';
import { iptAmount } from './amounts';
import {
  ACCESS_TYPES,
  COLLECTION_OPTION_KEYS,
  FUNDINGS,
  QUALITIES,
  REQUEST_TYPES,
  type CollectionOptions,
} from './request.entity';
import { commandShape, createShape } from './request-fields';
import { pageFields } from '../../shared/paging';

export const LIST_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

const requestType = z
  .enum(REQUEST_TYPES, { error: `type must be one of ${REQUEST_TYPES.join(', ')}` })
  .describe('collection or survey');
const status = z
  .union([z.literal(0), z.literal(1), z.enum(['0', '1'])], { error: 'status must be 0 (draft) or 1 (published)' })
  .transform((s) => (Number(s) === 1 ? 1 : 0));
const keyId = z.string().trim().min(1, 'A request key must be chosen').max(64, 'key must be a key id');
/** the personal data a collection asks for, each flag optional (false when left out) */
export const optionFlags = z.strictObject(
  Object.fromEntries(COLLECTION_OPTION_KEYS.map((k) => [k, z.boolean().optional()])) as Record<
    keyof CollectionOptions,
    z.ZodOptional<z.ZodBoolean>
  >,
);

// Every field without defaults: an edit must tell "not sent" (keep) from a default value.
const fields = {
  type: requestType,
  title: trimmed(200, 'Title'),
  description: z.string().max(5000, 'Description must be at most 5000 characters'),
  category: z.literal('Default', { error: 'category must be Default' }),
  quality: z.enum(QUALITIES, { error: 'quality must be all or high' }),
  access: z.enum(ACCESS_TYPES, { error: 'access must be Single Access or Multiple Access' }),
  keyId,
  bonus: z.literal('eth', { error: 'bonus must be eth (the IPT token)' }),
  bonusAmount: iptAmount('bonus_amount', 1),
  bonusEach: iptAmount('bonus_each', 1),
  status,
  options: optionFlags.optional(),
  questions: questionsSchema.optional(),
  // surveys (issue 30): the language it is written in, and its title and description in the others
  language: languageCode.optional(),
  translations: surveyTextsSchema
    .transform((list, ctx) => surveyTexts(list, (i) => ctx.addIssue({ code: 'custom', ...i })))
    .optional(),
  escrowAddress: evmAddress('escrow address (newchild)').nullable().optional(),
  signerAddress: evmAddress('signer address').nullable().optional(),
  // who funds the escrow when publishing or raising Total IPTs: the browser wallet (default) or
  // prepaid credit (the treasury creates and funds it; escrowAddress and signerAddress stay unset)
  payWith: z.enum(FUNDINGS, { error: 'pay_with must be wallet or credit' }).optional(),
  // payAfterReview, reviewDays, ...: the fields declared in request-fields.ts
  ...commandShape,
};

/**
 * What a request is made of, in one normalised shape (camelCase) that GraphQL inputs and the
 * legacy REST payloads (after renaming) both reduce to, with the spec's defaults. Rules that span
 * fields are in request-rules.ts, because an edit merges a partial payload into the stored request.
 */
export const requestFieldsSchema = z.strictObject({
  ...fields,
  description: fields.description.default(''),
  category: fields.category.default('Default'),
  quality: fields.quality.default('all'),
  access: fields.access.default('Single Access'),
  bonus: fields.bonus.default('eth'),
  ...createShape,
});
export type RequestFields = z.output<typeof requestFieldsSchema>;

/** Create: every field; `id` lets the browser fund the escrow for a request id before saving. */
export const createRequestCommand = requestFieldsSchema.extend({ id: z.uuid('id must be a UUID').optional() });
export type CreateRequestCommand = z.infer<typeof createRequestCommand>;

/** Edit: any subset; the rest stays as stored. */
export const updateRequestCommand = z
  .strictObject(fields)
  .partial()
  .extend({ id: z.uuid('id must be a request id') });
export type UpdateRequestCommand = z.infer<typeof updateRequestCommand>;

/** One of the caller's requests. */
export const requestRef = z.strictObject({
  id: z.uuid('id must be a request id').describe('the request: one of yours'),
  // the legacy calls name the type too; when given it must match
  type: requestType.optional().describe('collection or survey; when given it must be the request’s type'),
});
export type RequestRef = z.infer<typeof requestRef>;

/** A page of the caller's requests, newest first. */
export const listRequestsCommand = z.strictObject({
  ...pageFields(LIST_PAGE_SIZE, MAX_PAGE_SIZE),
  type: requestType.optional().describe('collection or survey: only that type (absent: both)'),
});
export type ListRequestsCommand = z.infer<typeof listRequestsCommand>;

/** A page of the caller's escrows (the dashboard's Recent Contracts). */
export const contractsCommand = z.strictObject(pageFields(5, MAX_PAGE_SIZE));
export type ContractsCommand = z.infer<typeof contractsCommand>;

/** The dashboard's overview cards. */
export const overviewCommand = z.strictObject({
  // minutes to add to local time to get UTC (JavaScript's Date#getTimezoneOffset); "today" is the
  // caller's local day. Absent: the UTC day.
  tzOffset: z.coerce
    .number()
    .int()
    .min(-840)
    .max(840)
    .optional()
    .describe(
      'minutes to add to your local time to get UTC (JavaScript’s getTimezoneOffset(), e.g. -60 in Paris in winter): today is your local day; absent: the UTC day',
    ),
});
export type OverviewCommand = z.infer<typeof overviewCommand>;
