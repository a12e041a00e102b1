import { GraphQLJSON } from 'graphql-scalars';
import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseArgs, withoutNulls } from '../../shared/validation';
import { toDataset } from '../datasets/datasets.mappers';
import { DatasetType } from '../datasets/datasets.types';
import { roomRef } from '../rooms/rooms.schemas';
import { toAccessRequest, toAuditEvent, toReport } from './analyses.mappers';
import {
  accessRequestCommand,
  aggregateCommand,
  approveCommand,
  auditPageCommand,
  columnRoleCommand,
  compareCommand,
  declineCommand,
  grantCommand,
  joinCommand,
  reportCommand,
  privacyCommand,
  reportRef,
  ruleCommand,
} from './analyses.schemas';
import { datasetRef } from '../datasets/datasets.schemas';
import {
  AccessRequestInput,
  AccessRequestType,
  AggregateInput,
  AggregateResultType,
  ApproveAccessInput,
  AuditPageType,
  ColumnRoleInput,
  CreateReportInput,
  DatasetPrivacyInput,
  DatasetRuleInput,
  DeclineAccessInput,
  GrantColumnKeysInput,
  JoinPreviewType,
  KeyToSealType,
  OverlapType,
  PrivacySpendType,
  ReportType,
} from './analyses.types';
import type { User } from '../users/user.entity';
import type { AccessService } from './access.service';
import type { AnalysesService } from './analyses.service';
import type { AuditService } from './audit.service';
import type { ReportsService } from './reports.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<
  { access: AccessService; analyses: AnalysesService; audit: AuditService; reports: ReportsService },
  User
>;

/**
 * GraphQL for clean-room analyses: Compare, Join counts, aggregates, reports, analysis rules,
 * access requests and the audit log. `sqlWhere` is this API's name for the condition tree.
 */
@Resolver()
export class AnalysesResolver {
  @Query(() => [OverlapType], {
    description: 'Overlap counts per shared join domain (the pie charts); suppressed below a partner set’s k',
  })
  async compareDatasets(
    @Arg('roomId', () => ID, { description: 'the room' }) roomId: string,
    @Arg('datasetIds', () => [ID], { description: 'the data sets to compare: one, or two' }) datasetIds: string[],
    @Ctx() ctx: Ctx,
  ) {
    return ctx.services.analyses.compare(ctx.em, requireUser(ctx), parseArgs(compareCommand, { roomId, datasetIds }));
  }

  @Query(() => JoinPreviewType, {
    description: 'How many row pairs a join matches (free; suppressed below a partner set’s k); the report costs 1 IPT',
  })
  async joinDatasets(
    @Arg('roomId', () => ID, { description: 'the room' }) roomId: string,
    @Arg('dataset1Id', () => ID, { description: 'the first data set' }) dataset1Id: string,
    @Arg('dataset2Id', () => ID, { description: 'the second data set' }) dataset2Id: string,
    @Arg('sqlWhere', () => GraphQLJSON, { description: 'the JSON condition tree, never SQL' }) sqlWhere: unknown,
    @Ctx() ctx: Ctx,
  ) {
    return ctx.services.analyses.join(
      ctx.em,
      requireUser(ctx),
      parseArgs(joinCommand, { roomId, dataset1Id, dataset2Id, condition: sqlWhere }),
    );
  }

  @Query(() => AggregateResultType, {
    description:
      'Free: COUNT, COUNT DISTINCT of a join key, SUM, AVG, MIN, MAX over clear columns, grouped by up to 3 clear columns, over one set or a join of two',
  })
  async aggregateDatasets(
    @Arg('input', () => AggregateInput, { description: 'the fields: see the input type' }) input: AggregateInput,
    @Ctx() ctx: Ctx,
  ) {
    const { sqlWhere, measures, groupBy, ...rest } = input;
    return ctx.services.analyses.aggregate(
      ctx.em,
      requireUser(ctx),
      parseArgs(aggregateCommand, {
        ...rest,
        condition: sqlWhere,
        groupBy: groupBy.map((g) => ({ ...g })),
        measures: measures.map((m) => withoutNulls({ fn: m.fn, column: m.column ? { ...m.column } : null })),
      }),
    );
  }

  @Mutation(() => ReportType, {
    description:
      'A report of one data set or a join, as the analysis rules allow (or as an approved access request names it): charges 1 IPT with the report (INSUFFICIENT_CREDIT when short)',
  })
  async createReport(
    @Arg('input', () => CreateReportInput, { description: 'the fields: see the input type' }) input: CreateReportInput,
    @Ctx() ctx: Ctx,
  ) {
    const command = parseArgs(reportCommand, {
      roomId: input.roomId,
      datasetIds: input.datasetIds,
      condition: input.sqlWhere,
      idempotencyKey: input.requestId,
      accessRequestId: input.accessRequestId,
    });
    return toReport(await ctx.services.reports.create(ctx.em, requireUser(ctx), command));
  }

  @Query(() => [ReportType], { description: 'Your reports in a room, newest first (result omitted)' })
  async reports(@Arg('roomId', () => ID, { description: 'the room' }) roomId: string, @Ctx() ctx: Ctx) {
    const input = parseArgs(roomRef, { roomId });
    return (await ctx.services.reports.list(ctx.em, requireUser(ctx), input.roomId)).map((r) => toReport(r, false));
  }

  @Query(() => ReportType, {
    description: 'One report of a room you are a member of, with its result (NOT_FOUND otherwise)',
  })
  async report(
    @Arg('roomId', () => ID, { description: 'the room' }) roomId: string,
    @Arg('id', () => ID, { description: 'the report' }) id: string,
    @Ctx() ctx: Ctx,
  ) {
    return toReport(
      await ctx.services.reports.get(ctx.em, requireUser(ctx), parseArgs(reportRef, { roomId, reportId: id })),
    );
  }

  @Mutation(() => DatasetType, {
    description: 'The uploader only: change a data set’s analysis rule (partner access, k, shared columns); logged',
  })
  async updateDatasetRule(
    @Arg('input', () => DatasetRuleInput, { description: 'the fields: see the input type' }) input: DatasetRuleInput,
    @Ctx() ctx: Ctx,
  ) {
    const user = requireUser(ctx);
    return toDataset(await ctx.services.access.updateRule(ctx.em, user, parseArgs(ruleCommand, input)), user.id);
  }

  @Mutation(() => DatasetType, {
    description:
      'The uploader only: what partners may do with one column (joinOnly, dimension, metric with lower and upper, shared, private); logged',
  })
  async setColumnRole(
    @Arg('input', () => ColumnRoleInput, { description: 'the fields: see the input type' }) input: ColumnRoleInput,
    @Ctx() ctx: Ctx,
  ) {
    const user = requireUser(ctx);
    return toDataset(
      await ctx.services.access.setColumnRole(ctx.em, user, parseArgs(columnRoleCommand, input)),
      user.id,
    );
  }

  @Mutation(() => DatasetType, {
    description:
      'The uploader only: turn differential privacy on or off, set the budget per partner or the cost per answer; logged',
  })
  async updateDatasetPrivacy(
    @Arg('input', () => DatasetPrivacyInput, { description: 'the fields: see the input type' })
    input: DatasetPrivacyInput,
    @Ctx() ctx: Ctx,
  ) {
    const user = requireUser(ctx);
    return toDataset(await ctx.services.access.updatePrivacy(ctx.em, user, parseArgs(privacyCommand, input)), user.id);
  }

  @Query(() => PrivacySpendType, {
    description:
      'A data set’s privacy budget and spending: your own (queries remaining) as a partner, every partner’s as its uploader',
  })
  async datasetPrivacySpend(
    @Arg('roomId', () => ID, { description: 'the room' }) roomId: string,
    @Arg('datasetId', () => ID, { description: 'the data set' }) datasetId: string,
    @Ctx() ctx: Ctx,
  ) {
    const input = parseArgs(datasetRef, { roomId, datasetId });
    return ctx.services.access.privacySpend(ctx.em, requireUser(ctx), input.roomId, input.datasetId);
  }

  @Query(() => [KeyToSealType], {
    description: 'Column keys of your sets your browser should seal to members (shared columns sealed with a secret)',
  })
  async columnKeysToSeal(@Arg('roomId', () => ID, { description: 'the room' }) roomId: string, @Ctx() ctx: Ctx) {
    return ctx.services.access.keysToSeal(ctx.em, requireUser(ctx), parseArgs(roomRef, { roomId }).roomId);
  }

  @Mutation(() => Int, {
    description: 'The uploader only: column keys sealed to members; returns how many were stored',
  })
  async grantColumnKeys(
    @Arg('input', () => GrantColumnKeysInput, { description: 'the fields: see the input type' })
    input: GrantColumnKeysInput,
    @Ctx() ctx: Ctx,
  ) {
    const command = parseArgs(grantCommand, { ...input, keys: input.keys.map((k) => ({ ...k })) });
    return ctx.services.access.grantKeys(ctx.em, requireUser(ctx), command);
  }

  @Query(() => [AccessRequestType], { description: 'Access requests you made or must decide in a room, newest first' })
  async accessRequests(@Arg('roomId', () => ID, { description: 'the room' }) roomId: string, @Ctx() ctx: Ctx) {
    const user = requireUser(ctx);
    const input = parseArgs(roomRef, { roomId });
    return (await ctx.services.access.list(ctx.em, user, input.roomId)).map((r) => toAccessRequest(r, user.id));
  }

  @Mutation(() => AccessRequestType, {
    description:
      'Ask the uploader of a data set for one report its rule does not allow (the set alone, withheld columns)',
  })
  async requestDatasetAccess(
    @Arg('input', () => AccessRequestInput, { description: 'the fields: see the input type' })
    input: AccessRequestInput,
    @Ctx() ctx: Ctx,
  ) {
    const user = requireUser(ctx);
    const { sqlWhere, ...rest } = input;
    const request = await ctx.services.access.request(
      ctx.em,
      user,
      parseArgs(accessRequestCommand, { ...rest, condition: sqlWhere }),
    );
    return toAccessRequest(request, user.id);
  }

  @Mutation(() => AccessRequestType, {
    description:
      'The uploader approves a request: exactly that report, once. Requested columns sealed with the set’s secret need their keys sealed to the requester',
  })
  async approveDatasetAccess(
    @Arg('input', () => ApproveAccessInput, { description: 'the fields: see the input type' })
    input: ApproveAccessInput,
    @Ctx() ctx: Ctx,
  ) {
    const user = requireUser(ctx);
    const command = parseArgs(approveCommand, { ...input, columnKeys: input.columnKeys.map((k) => ({ ...k })) });
    return toAccessRequest(await ctx.services.access.approve(ctx.em, user, command), user.id);
  }

  @Mutation(() => AccessRequestType, { description: 'The uploader declines a request' })
  async declineDatasetAccess(
    @Arg('input', () => DeclineAccessInput, { description: 'the fields: see the input type' })
    input: DeclineAccessInput,
    @Ctx() ctx: Ctx,
  ) {
    const user = requireUser(ctx);
    return toAccessRequest(await ctx.services.access.decline(ctx.em, user, parseArgs(declineCommand, input)), user.id);
  }

  @Query(() => AuditPageType, {
    description: 'The room’s audit log, newest first: every analysis, report, access request, decision and rule change',
  })
  async roomAudit(
    @Arg('roomId', () => ID, { description: 'the room' }) roomId: string,
    @Arg('page', () => Int, { defaultValue: 1, description: 'the page, from 1' }) page: number,
    @Arg('limit', () => Int, { defaultValue: 20, description: 'how many per page' }) limit: number,
    @Ctx() ctx: Ctx,
  ) {
    const p = await ctx.services.audit.page(
      ctx.em,
      requireUser(ctx),
      parseArgs(auditPageCommand, { roomId, page, limit }),
    );
    return { entries: p.entries.map(toAuditEvent), total: p.total, page: p.page, pages: p.pages };
  }
}
