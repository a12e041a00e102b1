import { z } from 'zod';
import { legacyNames } from '../../rest/legacy-names';
import { routeWith } from '../../rest/registry';
import { datasetOut } from '../datasets/datasets.outputs';
import {
  accessRequestOut,
  aggregateOut,
  auditPageOut,
  joinPreviewOut,
  keysToSealOut,
  overlapsOut,
  privacySpendOut,
  reportOut,
  storedOut,
} from './analyses.outputs';
import { requireUser, type RequestContext } from '../../shared/context';
import { fromOwnOrigin } from '../../rest/same-origin';
import { forbidden, type ErrorCode } from '../../shared/errors';
import { toDataset } from '../datasets/datasets.mappers';
import { legacyRoomRef } from '../rooms/rooms.rest';
import { datasetRefFields } from '../datasets/datasets.schemas';
import { toAccessRequest, toAuditEvent, toReport } from './analyses.mappers';
import {
  accessRequestFields,
  aggregateFields,
  approveFields,
  auditPageFields,
  columnKeyFields,
  columnRoleFields,
  compareFields,
  declineFields,
  joinFields,
  privacyFields,
  reportFields,
  requestKeyFields,
  ruleFields,
} from './analyses.schemas';
import type { Config } from '../../config';
import type { RoomsService } from '../rooms/rooms.service';
import type { User } from '../users/user.entity';
import type { AccessService } from './access.service';
import type { AnalysesService } from './analyses.service';
import type { AuditService } from './audit.service';
import type { ReportsService } from './reports.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<
  {
    access: AccessService;
    analyses: AnalysesService;
    audit: AuditService;
    config: Config;
    reports: ReportsService;
    rooms: RoomsService;
  },
  User
>;
const route = routeWith<Ctx>();

const tag = 'rooms';

// The legacy spellings of the analyses commands (analyses.schemas.ts holds the fields themselves).
const legacyCompare = legacyNames(compareFields, { roomId: 'room_id', datasetIds: 'datasets_array' });
const legacyJoin = legacyNames(joinFields, {
  roomId: 'room_id',
  dataset1Id: 'dataset1_id',
  dataset2Id: 'dataset2_id',
  condition: 'sqlWhere',
});
const legacyReport = legacyNames(reportFields, {
  roomId: 'room_id',
  datasetIds: 'datasets_array',
  condition: 'sqlWhere',
  idempotencyKey: 'request_id',
  accessRequestId: 'access_request_id',
});
const legacyAggregate = legacyNames(aggregateFields, {
  roomId: 'room_id',
  datasetIds: 'datasets_array',
  condition: 'sqlWhere',
  groupBy: 'group_by',
});
const legacyRule = legacyNames(ruleFields, {
  roomId: 'room_id',
  datasetId: 'dataset_id',
  partnerAccess: 'partner_access',
  minGroupSize: 'min_group_size',
  sharedColumns: 'shared_columns',
});
const legacyColumnRole = legacyNames(columnRoleFields, {
  roomId: 'room_id',
  datasetId: 'dataset_id',
  partnerRole: 'partner_role',
});
const legacyPrivacy = legacyNames(privacyFields, {
  roomId: 'room_id',
  datasetId: 'dataset_id',
  queryCost: 'query_cost',
});
const legacyDatasetRef = legacyNames(datasetRefFields, { roomId: 'room_id', datasetId: 'dataset_id' });
const legacyColumnKey = legacyNames(columnKeyFields, {
  userId: 'user_id',
  publicKeyId: 'public_key_id',
  sealedKey: 'sealed_key',
});
const legacyGrant = legacyNames(
  { roomId: ruleFields.roomId, datasetId: ruleFields.datasetId, keys: z.array(legacyColumnKey).min(1).max(640) },
  { roomId: 'room_id', datasetId: 'dataset_id', keys: 'column_keys' },
);
const legacyAccessRequest = legacyNames(accessRequestFields, {
  roomId: 'room_id',
  datasetIds: 'datasets_array',
  condition: 'sqlWhere',
});
const legacyApprove = legacyNames(
  {
    ...approveFields,
    columnKeys: z
      .array(legacyNames(requestKeyFields, { sealedKey: 'sealed_key' }))
      .max(64)
      .default([]),
  },
  { roomId: 'room_id', requestId: 'request_id', columnKeys: 'column_keys' },
);
const legacyDecline = legacyNames(declineFields, { roomId: 'room_id', requestId: 'request_id' });
const legacyAudit = legacyNames(auditPageFields, { roomId: 'room_id' });

// what a malformed or refused join condition answers (join-condition.ts)
const CONDITION_ERRORS = [
  'CONDITION_TOO_DEEP',
  'UNKNOWN_COLUMN',
  'DOMAIN_MISMATCH',
  'SQL_NOT_ALLOWED',
  'INVALID_CONDITION',
] as const satisfies readonly ErrorCode[];

const reportAnswer = (report: Parameters<typeof toReport>[0]) => {
  const r = toReport(report);
  return {
    id: r.id,
    result: r.result,
    datasetCount: r.datasetCount,
    rowCount: r.rowCount,
    description: r.description,
    createdAt: r.createdAt,
  };
};

// Clean-room analyses (spec section 7 "Rooms" and the analysis rules): every call checks
// membership; a call the rules refuse answers 403 ANALYSIS_RULE naming the rule; a suppressed
// count is null with `suppressed: true` beside it.
export const analysesRoutes = [
  route({
    method: 'GET',
    path: '/v1/vcr/compareDatasets',
    output: overlapsOut,
    errors: ['NOT_FOUND', 'ANALYSIS_RULE', 'PRIVACY_BUDGET', 'DOMAIN_MISMATCH'],
    tag,
    auth: 'user',
    summary:
      'Overlap counts per shared join domain for the selected sets (datasets_array: ids, JSON array or comma separated): [{ domain, datasetIds, onlyA, both, onlyB, suppressed }]; counts covering fewer than k rows of a partner’s set are null with suppressed: true',
    input: legacyCompare,
    handler: async (ctx, input) => ctx.services.analyses.compare(ctx.em, requireUser(ctx), input),
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/joinDatasets',
    output: joinPreviewOut,
    errors: ['NOT_FOUND', 'ANALYSIS_RULE', 'PRIVACY_BUDGET', ...CONDITION_ERRORS],
    tag,
    auth: 'user',
    summary:
      'Free preview of a join of two data sets: { matchCount, suppressed, columns }. sqlWhere is the JSON condition tree (JSON text), never SQL; matchCount is null (suppressed: true) below a partner set’s k',
    input: legacyJoin,
    handler: async (ctx, input) => ctx.services.analyses.join(ctx.em, requireUser(ctx), input),
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/aggregate',
    output: aggregateOut,
    errors: ['NOT_FOUND', 'ANALYSIS_RULE', 'PRIVACY_BUDGET', ...CONDITION_ERRORS],
    tag,
    auth: 'user',
    summary:
      'Free aggregate over one data set or a join of two: group_by up to 3 clear columns [{ set, column }], measures [{ fn: count|countDistinct|sum|avg|min|max, column? }]. Returns { columns, groups: [{ keys, values, suppressed }], thresholds, description }; groups below a partner set’s k are left out',
    input: legacyAggregate,
    handler: async (ctx, input) => ctx.services.analyses.aggregate(ctx.em, requireUser(ctx), input),
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/createReport',
    output: reportOut,
    errors: ['NOT_FOUND', 'ANALYSIS_RULE', 'INSUFFICIENT_CREDIT', ...CONDITION_ERRORS, 'CONFLICT'],
    tag,
    auth: 'user',
    summary:
      'A paid report (1 IPT, charged with it; 402 INSUFFICIENT_CREDIT "Purchase IPT Tokens to continue"): one data set, or the join of two with sqlWhere, as the analysis rules allow (403 ANALYSIS_RULE otherwise), or the one report an approved access request allows (access_request_id). Returns { id, result, datasetCount, rowCount, description }',
    input: legacyReport,
    handler: async (ctx, input) => reportAnswer(await ctx.services.reports.create(ctx.em, requireUser(ctx), input)),
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getReport',
    output: reportOut,
    errors: ['NOT_FOUND', 'FORBIDDEN', 'ANALYSIS_RULE', 'INSUFFICIENT_CREDIT', ...CONDITION_ERRORS, 'CONFLICT'],
    tag,
    auth: 'user',
    summary:
      'The legacy GET of createReport (same parameters, same answer). It spends credit, so with a session cookie it works only from a page of this site (Sec-Fetch-Site: same-origin, or an Origin header naming it), else 403; with an API token (Authorization: Bearer) it always works',
    input: legacyReport,
    handler: async (ctx, input) => {
      // a non-member learns nothing, not even that the room exists (404 first)
      await ctx.services.rooms.access(ctx.em, requireUser(ctx), input.roomId);
      if (ctx.actor?.via === 'session' && !fromOwnOrigin(ctx.request, ctx.services.config.publicUrl))
        throw forbidden(
          'This GET spends credit: from a browser it works only on this site. Use POST /v1/vcr/createReport, or an API token',
        );
      return reportAnswer(await ctx.services.reports.create(ctx.em, requireUser(ctx), input));
    },
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/updateDataSetRule',
    output: datasetOut,
    errors: ['NOT_FOUND', 'FORBIDDEN'],
    tag,
    auth: 'user',
    summary:
      'The uploader only: change a data set’s analysis rule (partner_access matches|aggregates|full, min_group_size k, shared_columns); later queries follow it; logged. Returns the data set',
    input: legacyRule,
    handler: async (ctx, input) => {
      const user = requireUser(ctx);
      return toDataset(await ctx.services.access.updateRule(ctx.em, user, input), user.id);
    },
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/setColumnRole',
    output: datasetOut,
    errors: ['NOT_FOUND', 'FORBIDDEN'],
    tag,
    auth: 'user',
    summary:
      'The uploader only: what partners may do with one column (partner_role joinOnly|dimension|metric|shared|private; metric: lower, upper); later queries follow it; logged. Returns the data set',
    input: legacyColumnRole,
    handler: async (ctx, input) => {
      const user = requireUser(ctx);
      return toDataset(await ctx.services.access.setColumnRole(ctx.em, user, input), user.id);
    },
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/updateDataSetPrivacy',
    output: datasetOut,
    errors: ['NOT_FOUND', 'FORBIDDEN'],
    tag,
    auth: 'user',
    summary:
      'The uploader only: differential privacy on or off (enabled), the budget per partner (budget, epsilon) and the cost per answer (query_cost, epsilon); logged. Returns the data set',
    input: legacyPrivacy,
    handler: async (ctx, input) => {
      const user = requireUser(ctx);
      return toDataset(await ctx.services.access.updatePrivacy(ctx.em, user, input), user.id);
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getPrivacySpend',
    output: privacySpendOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary:
      'A data set’s privacy budget and spending: { enabled, budget, queryCost, mechanism, yours (a partner: spent, remaining, queriesRemaining), partners (the uploader: each partner’s) }',
    input: legacyDatasetRef,
    handler: async (ctx, input) =>
      ctx.services.access.privacySpend(ctx.em, requireUser(ctx), input.roomId, input.datasetId),
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getColumnKeysToSeal',
    output: keysToSealOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary:
      'Column keys of your data sets to seal to members: [{ datasetId, column, userId, publicKeyId, publicKey }] (shared columns sealed with the set’s own secret)',
    input: legacyRoomRef,
    handler: async (ctx, input) => ctx.services.access.keysToSeal(ctx.em, requireUser(ctx), input.roomId),
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/grantColumnKeys',
    output: storedOut,
    errors: ['NOT_FOUND', 'FORBIDDEN'],
    tag,
    auth: 'user',
    summary:
      'The uploader only: column keys sealed to members’ room keys (column_keys: [{ user_id, column, public_key_id, sealed_key }]); returns { stored }',
    input: legacyGrant,
    handler: async (ctx, input) => ({ stored: await ctx.services.access.grantKeys(ctx.em, requireUser(ctx), input) }),
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/requestAccess',
    output: accessRequestOut,
    errors: ['NOT_FOUND', 'CONFLICT', ...CONDITION_ERRORS],
    tag,
    auth: 'user',
    summary:
      'Ask a data set’s uploader for one report its rule does not allow: datasets_array = their set alone, or your set and theirs with sqlWhere; columns = withheld columns; reason. The uploader is notified',
    input: legacyAccessRequest,
    handler: async (ctx, input) => {
      const user = requireUser(ctx);
      return toAccessRequest(await ctx.services.access.request(ctx.em, user, input), user.id);
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getAccessRequests',
    output: z.array(accessRequestOut),
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary: 'Access requests you made or must decide in a room, newest first',
    input: legacyRoomRef,
    handler: async (ctx, input) => {
      const user = requireUser(ctx);
      return (await ctx.services.access.list(ctx.em, user, input.roomId)).map((r) => toAccessRequest(r, user.id));
    },
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/approveAccess',
    output: accessRequestOut,
    errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT'],
    tag,
    auth: 'user',
    summary:
      'The uploader approves an access request: exactly that report, once. column_keys: [{ column, sealed_key }] for each requested column sealed with the set’s secret, sealed to the requester’s room key',
    input: legacyApprove,
    handler: async (ctx, input) => {
      const user = requireUser(ctx);
      return toAccessRequest(await ctx.services.access.approve(ctx.em, user, input), user.id);
    },
  }),
  route({
    method: 'POST',
    path: '/v1/vcr/declineAccess',
    output: accessRequestOut,
    errors: ['NOT_FOUND', 'FORBIDDEN', 'CONFLICT'],
    tag,
    auth: 'user',
    summary: 'The uploader declines an access request (note: why, optional)',
    input: legacyDecline,
    handler: async (ctx, input) => {
      const user = requireUser(ctx);
      return toAccessRequest(await ctx.services.access.decline(ctx.em, user, input), user.id);
    },
  }),
  route({
    method: 'GET',
    path: '/v1/vcr/getAuditLog',
    output: auditPageOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary:
      'The room’s audit log, newest first (page, limit): { entries: [{ actorName, action, datasetNames, description, count, unit, hidden, createdAt }], total, page, pages }',
    input: legacyAudit,
    handler: async (ctx, input) => {
      const p = await ctx.services.audit.page(ctx.em, requireUser(ctx), input);
      return { entries: p.entries.map(toAuditEvent), total: p.total, page: p.page, pages: p.pages };
    },
  }),
];
