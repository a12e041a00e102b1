import { Arg, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import { csvHead, csvLine } from '../../../../shared/csv';
import { requireUser, type RequestContext } from '../../shared/context';
import { parseArgs } from '../../shared/validation';
import { collectionExportCommand, graphqlSurveyExportCommand } from './exports.schemas';
import type { ExportTable } from './exports.service';
import { CollectionExportType, ExportTableType } from './responses.types';
import type { User } from '../users/user.entity';
import type { ExportsService } from './exports.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ exports: ExportsService }, User>;

async function table(t: ExportTable): Promise<ExportTableType> {
  const rows: string[][] = [];
  for await (const batch of t.batches) rows.push(...batch);
  return {
    columns: t.columns,
    rows,
    count: t.count,
    offset: t.offset,
    csv: csvHead(t.columns) + rows.map(csvLine).join(''),
  };
}

@Resolver()
export class ExportsResolver {
  @Query(() => ExportTableType, {
    description:
      "A page of the responses to one of your surveys in the web app's Responses CSV columns, oldest first (REST /v1/export/surveyResponses streams them all)",
  })
  async surveyResponsesExport(
    @Arg('requestId', () => ID, { description: 'the survey: one of your requests' }) requestId: string,
    @Arg('offset', () => Int, { defaultValue: 0, description: 'how many responses to skip, oldest first' })
    offset: number,
    @Arg('limit', () => Int, { defaultValue: 100, description: 'how many responses, 1 to 1000' }) limit: number,
    @Ctx() ctx: Ctx,
  ) {
    const command = parseArgs(graphqlSurveyExportCommand, { id: requestId, offset, limit });
    return table(await ctx.services.exports.surveyResponses(ctx.em, requireUser(ctx), command));
  }

  @Query(() => ExportTableType, {
    description: "The option counts of one of your surveys in the web app's Statistics CSV columns",
  })
  async surveyStatisticsExport(
    @Arg('requestId', () => ID, { description: 'the survey: one of your requests' }) requestId: string,
    @Ctx() ctx: Ctx,
  ) {
    const { id } = parseArgs(graphqlSurveyExportCommand, { id: requestId });
    return table(await ctx.services.exports.surveyStatistics(ctx.em, requireUser(ctx), { id }));
  }

  @Query(() => CollectionExportType, {
    description:
      'A page of the sealed responses to one of your collections, oldest first: open them with the request key (npm run export)',
  })
  async collectionResponsesExport(
    @Arg('requestId', () => ID, { description: 'the collection: one of your requests' }) requestId: string,
    @Arg('offset', () => Int, { defaultValue: 0, description: 'how many responses to skip, oldest first' })
    offset: number,
    @Arg('limit', () => Int, { defaultValue: 500, description: 'how many responses, 1 to 1000' }) limit: number,
    @Ctx() ctx: Ctx,
  ) {
    const command = parseArgs(collectionExportCommand, { id: requestId, offset, limit });
    const page = await ctx.services.exports.collectionRecords(ctx.em, requireUser(ctx), command);
    return { keyId: page.request.keyId, records: page.records, count: page.count, offset: page.offset };
  }
}
