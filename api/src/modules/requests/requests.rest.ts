import { z } from 'zod';
import { routeWith } from '../../rest/registry';
import { done } from '../../rest/wire';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseInput } from '../../shared/validation';
import { legacyQuestionSchema } from '../surveys/surveys.schemas';
import { languageCode, surveyTextsSchema } from '../surveys/survey-translations';
import { contractsOut, legacyDetailOut, overviewOut, requestListOut, statisticsOut } from './requests.outputs';
import { legacyContract, legacyDetail, legacyOverview, legacyRow } from './requests.mappers';
import { FUNDINGS } from './request.entity';
import { fromLegacyNames, legacyInputShape } from './request-fields';
import {
  contractsCommand,
  createRequestCommand,
  listRequestsCommand,
  overviewCommand,
  requestRef,
  updateRequestCommand,
} from './requests.schemas';
import type { SurveysService } from '../surveys/surveys.service';
import type { User } from '../users/user.entity';
import type { DashboardService } from './dashboard.service';
import type { RequestsService } from './requests.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<
  {
    dashboard: DashboardService;
    requests: RequestsService;
    surveys: SurveysService;
  },
  User
>;
const route = routeWith<Ctx>();

const tag = 'requests';

// ---- the legacy form's payloads (create, edit): its names -> the commands' (requests.schemas.ts) ----
// The route's input schema renames the fields (legacyCreateSchema, legacyEditSchema) and the handler
// validates the result as the command, once. Not one piped schema: zod carries on past an unknown
// key, so the command's own complaints would join the "unrecognized key" one.

type Aliases = Record<string, unknown>;

/** Picks the one value several legacy spellings carry; two different values are an error. */
function alias(v: Aliases, names: string[], ctx: z.RefinementCtx): unknown {
  const given = names.filter((n) => v[n] !== undefined);
  const values = new Set(given.map((n) => JSON.stringify(v[n])));
  if (values.size > 1) {
    ctx.addIssue({ code: 'custom', path: [given[1]], message: `${given.join(' and ')} differ; send one of them` });
  }
  return given.length ? v[given[0]] : undefined;
}

// Each form of a value the legacy form sends in more than one way is named (docs/api/requests.md).
const amountInput = (what: string) =>
  z
    .union([
      z.number().describe('a whole number, e.g. 20'),
      z.string().max(20).describe('the same as decimal text, e.g. "20" or "20.0" (no fraction: IPT has no decimals)'),
    ])
    .describe(`${what}: whole IPT, at least 1`);
const addressInput = (what: string) =>
  z.string().max(64).nullable().describe(`${what}: 0x and 40 hex digits, or null for none`);
const escrow = 'the escrow contract the browser deployed for the request (publishing with wallet funding)';
const signer = 'the wallet that deployed and funds the escrow';

const legacyFields = {
  type: z
    .string()
    .max(20)
    .optional()
    .describe('collection or survey; create infers it when left out (data as a list of questions: survey)'),
  title: z.string().max(1000).optional().describe('the title, 1 to 200 characters (trimmed)'),
  description: z.string().max(10_000).optional().describe('the description, at most 5000 characters'),
  desc: z.string().max(10_000).optional().describe('the description under its other legacy name (send one of the two)'),
  category: z.string().max(40).optional().describe('Default (the only category)'),
  key: z.string().max(64).optional().describe('the id of one of your keys: responses are encrypted to it'),
  bonus: z.string().max(10).optional().describe('eth (the only value: the bonus is paid in IPT)'),
  bonus_amount: amountInput('the total the escrow holds').optional(),
  bonusAmount: amountInput('bonus_amount under its other legacy name (send one of the two)').optional(),
  bonus_each: amountInput('what each paid participant gets').optional(),
  quality: z.string().max(10).optional().describe('all (default) or high'),
  status: z
    .union([z.number().describe('0 or 1'), z.string().max(2).describe('"0" or "1"')])
    .optional()
    .describe('0 draft (default), 1 published'),
  access: z.string().max(40).optional().describe('Single Access (default) or Multiple Access'),
  contract_id: addressInput(`${escrow} (newchild's other legacy name)`).optional(),
  newchild: addressInput(escrow).optional(),
  address: addressInput(signer).optional(),
  addressSigner: addressInput(`${signer} (address's other legacy name)`).optional(),
  collectionData: z
    .record(z.string(), z.unknown())
    .optional()
    .describe(
      'collections: what to ask for, each true or false (false when left out): healthData, locationData, profileData, idData, personalImages',
    ),
  // surveys: the questions; collections (as read back by the form): the options
  data: z
    .union([
      z.array(legacyQuestionSchema).max(100).describe('surveys: the questions, in order (at most 100)'),
      z
        .record(z.string(), z.unknown())
        .describe('collections: the options, as collectionData (the form reads them back here)'),
    ])
    .optional()
    .describe('surveys: the questions; collections: the options'),
  language: languageCode.optional().describe('surveys: the BCP 47 language it is written in (default en)'),
  translations: surveyTextsSchema
    .optional()
    .describe(
      "surveys: the languages added, each { language, title, description }; each question's texts go in its translations",
    ),
  // wallet (default) or credit: see payWith above
  pay_with: z
    .enum(FUNDINGS, { error: 'pay_with must be wallet or credit' })
    .optional()
    .describe(
      'who funds the escrow: wallet (default: send newchild and address) or credit (your prepaid credit pays; the platform treasury creates and funds the escrow)',
    ),
  // pay_after_review, review_days, ...: the fields declared in request-fields.ts
  ...legacyInputShape,
};

/**
 * Legacy names -> requestFieldsSchema's names; the values are validated afterwards, as the create or
 * update command (the route's handler parses the renamed payload with it).
 */
function fromLegacy(v: Aliases, ctx: z.RefinementCtx, inferType: boolean): Record<string, unknown> {
  const data = v.data;
  // creating without a type: the survey wizard sends its questions as `data`; else a collection
  const type = v.type ?? (inferType ? (Array.isArray(data) ? 'survey' : 'collection') : undefined);
  const out: Record<string, unknown> = {
    type,
    title: v.title,
    description: alias(v, ['description', 'desc'], ctx),
    category: v.category,
    quality: v.quality,
    access: v.access,
    keyId: v.key,
    bonus: v.bonus,
    bonusAmount: alias(v, ['bonus_amount', 'bonusAmount'], ctx),
    bonusEach: v.bonus_each,
    status: v.status,
    escrowAddress: alias(v, ['newchild', 'contract_id'], ctx),
    signerAddress: alias(v, ['address', 'addressSigner'], ctx),
    options: v.collectionData ?? (Array.isArray(data) ? undefined : data),
    questions: Array.isArray(data) ? data : undefined,
    payWith: v.pay_with,
    ...fromLegacyNames(v),
    language: v.language,
    translations: v.translations,
  };
  return Object.fromEntries(Object.entries(out).filter(([, value]) => value !== undefined));
}

// POST /v1/request/create
const legacyCreateSchema = z
  .strictObject({
    ...legacyFields,
    id: z
      .string()
      .max(64)
      .optional()
      .describe('a UUID you chose for the new request (the browser funds its escrow before saving)'),
  })
  .transform((v, ctx) => ({ ...fromLegacy(v, ctx, true), ...(v.id !== undefined ? { id: v.id } : {}) }));

// POST /request.api/edit
const legacyEditSchema = z
  .strictObject({ ...legacyFields, id: z.string().max(64).describe('the request to change: one of yours') })
  .transform((v, ctx) => ({ ...fromLegacy(v, ctx, false), id: v.id }));

const info = (p: { count: number; pages: number; page: number }) => ({ count: p.count, pages: p.pages, page: p.page });

// The requester's legacy calls (spec section 7 "Requests and dashboard"); all need a login and
// see only the caller's own requests.
export const requestsRoutes = [
  route({
    method: 'GET',
    path: '/v1/request/today',
    output: overviewOut,
    errors: [],
    tag,
    auth: 'user',
    summary:
      'Dashboard overview: { open, draft, response_total, response_today, avg_comp_rate }. Optional tzOffset (minutes, as Date#getTimezoneOffset) makes "today" your local day',
    input: overviewCommand,
    handler: async (ctx, input) =>
      legacyOverview(await ctx.services.dashboard.overview(ctx.em, requireUser(ctx), input)),
  }),
  route({
    method: 'GET',
    path: '/v1/request/list',
    output: requestListOut,
    errors: [],
    tag,
    auth: 'user',
    summary:
      'Your requests, newest first: { list: [{ id, title, type, type_name, created, last_modified, questionCount, count_response, desc, key, ... }], info: { count, pages, page } }',
    input: listRequestsCommand,
    handler: async (ctx, input) => {
      const p = await ctx.services.requests.list(ctx.em, requireUser(ctx), input);
      return { list: p.list.map((d) => legacyRow(d.request)), info: info(p) };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/request/create',
    output: legacyDetailOut,
    errors: ['NOT_FOUND', 'CONFLICT', 'INSUFFICIENT_CREDIT', 'CHAIN_UNAVAILABLE'],
    tag,
    auth: 'user',
    summary:
      'Create a request: a draft (status 0) or published (status 1, with newchild/contract_id = the escrow the factory created for this request id and address/addressSigner = the wallet that funded it; send your own UUID as id so the escrow can be created first), or published with pay_with "credit": your prepaid credit pays Total IPTs and the platform treasury creates and funds the escrow (no newchild/address; 402 INSUFFICIENT_CREDIT "Purchase Tokens to continue" when short; saved as published only once the escrow exists on-chain; a retry with the same id never pays twice). Surveys send data = questions. Returns the request as /v1/request/get does',
    input: legacyCreateSchema,
    handler: async (ctx, input) =>
      legacyDetail(
        await ctx.services.requests.create(ctx.em, requireUser(ctx), parseInput(createRequestCommand, input)),
      ),
  }),
  route({
    method: 'POST',
    path: '/request.api/edit',
    output: legacyDetailOut,
    errors: ['NOT_FOUND', 'CONFLICT', 'INSUFFICIENT_CREDIT', 'CHAIN_UNAVAILABLE'],
    tag,
    auth: 'user',
    summary:
      'Edit one of your requests (id; any other field). quality, access and type never change; a published request keeps its escrow and bonus_each. pay_with "credit" publishes a draft from prepaid credit, and raising bonus_amount of a request paid with credit tops its escrow up from credit',
    input: legacyEditSchema,
    handler: async (ctx, input) =>
      legacyDetail(
        await ctx.services.requests.update(ctx.em, requireUser(ctx), parseInput(updateRequestCommand, input)),
      ),
  }),
  route({
    method: 'POST',
    path: '/request.api/delete',
    output: done,
    errors: ['NOT_FOUND', 'CONFLICT', 'CHAIN_UNAVAILABLE'],
    tag,
    auth: 'user',
    summary: 'Delete one of your requests (type, id) with its responses',
    input: requestRef,
    handler: async (ctx, input) => {
      await ctx.services.requests.remove(ctx.em, requireUser(ctx), input);
      return true;
    },
  }),
  route({
    method: 'GET',
    path: '/v1/request/get',
    output: legacyDetailOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary:
      'One of your requests as the form reads it: title, desc, key, quality, access, entity { bonus_amount, bonus_each, healthData, ... }, bonusAmount, data (survey questions or collection options), newchild, addressSigner',
    input: requestRef,
    handler: async (ctx, input) => legacyDetail(await ctx.services.requests.get(ctx.em, requireUser(ctx), input)),
  }),
  route({
    method: 'GET',
    path: '/request.api/statistic',
    output: statisticsOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary: 'Result groups of one of your surveys: [{ questionId, title, type, data: [{ option, counter }] }]',
    input: z.strictObject({ id: z.uuid('id must be a request id').describe('the survey: one of your requests') }),
    handler: async (ctx, input) => {
      const detail = await ctx.services.requests.get(ctx.em, requireUser(ctx), { id: input.id, type: 'survey' });
      return ctx.services.surveys.statistics(ctx.em, detail.request);
    },
  }),
  route({
    method: 'GET',
    path: '/v1/request/contracts',
    output: contractsOut,
    errors: [],
    tag,
    auth: 'user',
    summary:
      'Escrows of your published requests, newest first: { list: [{ address (signer), escrow, title, bonus_amount, status }], info }',
    input: contractsCommand,
    handler: async (ctx, input) => {
      const p = await ctx.services.dashboard.contracts(ctx.em, requireUser(ctx), input);
      return { list: p.list.map(legacyContract), info: info(p) };
    },
  }),
];
