import { routeWith, type Download } from '../../rest/registry';
import { csvHead, csvLine } from '../../../../shared/csv';
import { requireUser, type RequestContext } from '../../shared/context';
import { exportFileName } from '../../../../shared/export-format';
import { collectionRecordsOut, exportTableOut } from './exports.outputs';
import {
  collectionExportCommand,
  statisticsExportQuery,
  surveyExportQuery,
  type ExportFormat,
} from './exports.schemas';
import type { ExportTable } from './exports.service';
import type { User } from '../users/user.entity';
import type { ExportsService } from './exports.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ exports: ExportsService }, User>;
const route = routeWith<Ctx>();

const tag = 'exports';
const download = {
  contentTypes: ['text/csv', 'application/json'],
  description:
    'the file, streamed: text/csv (format=csv, the web app’s download: UTF-8 with a byte order mark, CRLF lines) or application/json (format=json, the result below in its envelope)',
} as const;

async function* csvBody(table: ExportTable): AsyncIterable<string> {
  yield csvHead(table.columns);
  for await (const rows of table.batches) yield rows.map(csvLine).join('');
}

// The envelope written a batch at a time: a large study never sits in memory as one JSON value.
async function* jsonBody(table: ExportTable): AsyncIterable<string> {
  const { columns, count, offset } = table;
  yield `{"result":{"columns":${JSON.stringify(columns)},"count":${count},"offset":${offset},"rows":[`;
  let first = true;
  for await (const rows of table.batches) {
    yield rows
      .map((row) => {
        const separator = first ? '\n' : ',\n';
        first = false;
        return separator + JSON.stringify(row);
      })
      .join('');
  }
  yield ']}}\n';
}

function answer(table: ExportTable, what: string, format: ExportFormat): Download {
  return format === 'json'
    ? {
        contentType: 'application/json',
        fileName: exportFileName(table.request.title, what, new Date(), 'json'),
        body: jsonBody(table),
      }
    : { contentType: 'text/csv', fileName: exportFileName(table.request.title, what), body: csvBody(table) };
}

/** The requester's exports (docs/api/exports.md): new paths beside the legacy ones. */
export const exportsRoutes = [
  route({
    method: 'GET',
    path: '/v1/export/surveyResponses',
    tag,
    auth: 'user',
    summary:
      'The responses to one of your surveys with the columns of the web app’s Responses CSV (Member ID, Submitted, then “<n>. <question>” per question, several choices joined by “; ”), oldest first: every response from offset (streamed), or a page of limit',
    input: surveyExportQuery,
    download,
    output: exportTableOut,
    errors: ['NOT_FOUND'],
    handler: async (ctx, { format, ...command }) =>
      answer(await ctx.services.exports.surveyResponses(ctx.em, requireUser(ctx), command), 'responses', format),
  }),
  route({
    method: 'GET',
    path: '/v1/export/surveyStatistics',
    tag,
    auth: 'user',
    summary:
      'The option counts of one of your surveys with the columns of the web app’s Statistics CSV: Question, Option, Count, Share (%) (of the question’s answers, one decimal)',
    input: statisticsExportQuery,
    download,
    output: exportTableOut,
    errors: ['NOT_FOUND'],
    handler: async (ctx, { format, id }) =>
      answer(await ctx.services.exports.surveyStatistics(ctx.em, requireUser(ctx), { id }), 'statistics', format),
  }),
  route({
    method: 'GET',
    path: '/v1/export/collectionResponses',
    tag,
    auth: 'user',
    summary:
      'A page of the sealed responses to one of your collections, oldest first, as the phones sent them: open them where the request key’s private half is (npm run export writes the web app’s CSV from them); the server cannot',
    input: collectionExportCommand,
    output: collectionRecordsOut,
    errors: ['NOT_FOUND'],
    handler: async (ctx, input) => {
      const page = await ctx.services.exports.collectionRecords(ctx.em, requireUser(ctx), input);
      const { id, title, keyId } = page.request;
      return { request: { id, title, keyId }, count: page.count, offset: page.offset, records: page.records };
    },
  }),
];
