import { z } from 'zod';

// The commands of the export calls (REST and GraphQL), in the domain's words.

const requestIdField = z.uuid('id must be a request id').describe('the request: one of your own');
const offsetField = z.coerce
  .number()
  .int()
  .min(0)
  .max(10_000_000)
  .default(0)
  .describe('how many responses to skip, oldest first (default 0)');

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
const formatField = z
  .enum(EXPORT_FORMATS)
  .default('csv')
  .describe(
    'csv (default): the file the web app downloads (UTF-8 with a byte order mark, CRLF lines); json: { result: { columns, count, offset, rows } }, each row its cells in column order',
  );

/** Survey responses: all of them from `offset`, or a page of `limit`. */
export const surveyExportCommand = z.strictObject({
  id: requestIdField,
  offset: offsetField,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000_000)
    .optional()
    .describe('at most this many responses (default: every response from offset on, streamed)'),
});
export type SurveyExportCommand = z.infer<typeof surveyExportCommand>;

export const surveyExportQuery = surveyExportCommand.extend({ format: formatField });
export const statisticsExportQuery = z.strictObject({ id: requestIdField, format: formatField });

/** A page of a collection's sealed responses. */
export const collectionExportCommand = z.strictObject({
  id: requestIdField,
  offset: offsetField,
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(500)
    .describe('how many responses per page, 1 to 1000 (default 500)'),
});
export type CollectionExportCommand = z.infer<typeof collectionExportCommand>;

/** GraphQL answers a page in one value, so its pages are bounded: 1 to 1000 responses. */
export const graphqlSurveyExportCommand = surveyExportCommand.extend({
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
