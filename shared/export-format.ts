// The columns of the response downloads: collection responses (decrypted by the requester), survey
// responses and survey statistics. One pure module (no Node or DOM APIs) imported by the web app's
// download buttons, the export API (REST and GraphQL) and `npm run export`, so a file has the same
// columns and cells whichever of them wrote it (docs/api/exports.md).
import { csvHead, csvLine } from './csv';

// ---- cells ----

/** A cell's text: only strings and numbers are written as they are. */
export function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** What a participant sent is untrusted: only plain http(s) links count as image links. */
export function safeImageLinks(data: { image_upload?: unknown }): string[] {
  const links = Array.isArray(data.image_upload) ? (data.image_upload as unknown[]) : [];
  return links.filter((link): link is string => {
    if (typeof link !== 'string') return false;
    try {
      const url = new URL(link);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  });
}

const field = (value: unknown, key: string) =>
  value && typeof value === 'object' ? text((value as Record<string, unknown>)[key]) : '';

// ---- collection responses (decrypted on the requester's side only) ----

export const COLLECTION_CSV_COLUMNS = [
  'Member ID',
  'Submitted',
  'First Name',
  'Last Name',
  'Age',
  'Mobile',
  'Email',
  'Gender',
  'Location Name',
  'Street',
  'District',
  'City',
  'Region',
  'Country',
  'Steps per Day',
  'Resting Heart Rate',
  'Sleep Hours',
  'ID Type',
  'ID Country',
  'ID Last 4',
  'Images',
  'Decryption',
] as const;

/** Who answered and when (`createdAt`: the ISO 8601 time the server stored the response). */
export type ExportedResponse = { memberId: string; createdAt: string };

/** A decrypted collection response's fields; anything else the plaintext holds is not exported. */
export type CollectionFields = Record<string, unknown> & { image_upload?: unknown };

/** A collection response after its requester tried to open it: its data, or why it did not open. */
export type OpenedCollection = { status: 'open'; data: CollectionFields } | { status: 'failed'; reason: string };

export type CollectionExportRow = ExportedResponse & { opened: OpenedCollection };

/** One row's cells, in COLLECTION_CSV_COLUMNS order; a response that did not open says why. */
export function collectionCells({ memberId, createdAt, opened }: CollectionExportRow): string[] {
  if (opened.status === 'failed') {
    return [memberId, createdAt, ...Array.from({ length: COLLECTION_CSV_COLUMNS.length - 3 }, () => ''), opened.reason];
  }
  const d = opened.data;
  const place = (key: string) => field(d.location, key);
  return [
    memberId,
    createdAt,
    text(d.firstName),
    text(d.lastName),
    text(d.age),
    text(d.mobile),
    text(d.email),
    text(d.gender),
    place('name'),
    place('street'),
    place('district'),
    place('city'),
    place('region'),
    place('country'),
    field(d.health, 'stepsPerDay'),
    field(d.health, 'restingHeartRate'),
    field(d.health, 'sleepHours'),
    field(d.idDocument, 'type'),
    field(d.idDocument, 'country'),
    field(d.idDocument, 'last4'),
    safeImageLinks(d).join(' '),
    'decrypted',
  ];
}

/** The collection CSV: one row per response, one column per field. */
export function collectionCsv(rows: readonly CollectionExportRow[]): string {
  return csvHead(COLLECTION_CSV_COLUMNS) + rows.map((row) => csvLine(collectionCells(row))).join('');
}

// ---- survey responses ----

export type QuestionColumn = { questionId: string; title: string };
/** The order a participant saw a randomised survey in: question ids, and the shuffled choices. */
export type PresentedCells = { questions: readonly string[]; options: Readonly<Record<string, readonly string[]>> };
export type SurveyExportRow = ExportedResponse & {
  answers: readonly { questionId: string; option: string }[] | null;
  presented?: PresentedCells | null;
};
// a randomised survey's two last columns: the order each participant saw
export const ORDER_COLUMNS = ['Question order', 'Choice order'] as const;

/** `Member ID`, `Submitted`, then `<n>. <question title>` per question, in the survey's order; a
 * randomised survey adds the order each participant saw. */
export function surveyResponsesColumns(questions: readonly QuestionColumn[], randomised = false): string[] {
  return [
    'Member ID',
    'Submitted',
    ...questions.map((q, i) => `${i + 1}. ${q.title}`),
    ...(randomised ? ORDER_COLUMNS : []),
  ];
}

/** The order cells: the questions by their designed numbers ("3, 1, 2"), and each shuffled
 * question's choices ("Q2: Blue | Red; Q5: ..."); blank when the participant saw the designed order. */
function orderCells(questions: readonly QuestionColumn[], presented: PresentedCells | null | undefined): string[] {
  if (!presented) return ['', ''];
  const number = (id: string) => questions.findIndex((q) => q.questionId === id) + 1;
  return [
    presented.questions.map(number).join(', '),
    Object.entries(presented.options)
      .sort(([a], [b]) => number(a) - number(b))
      .map(([id, options]) => `Q${number(id)}: ${options.join(' | ')}`)
      .join('; '),
  ];
}

/** One response's cells: the options chosen per question (several checkbox choices joined by "; "). */
export function surveyResponseCells(
  questions: readonly QuestionColumn[],
  row: SurveyExportRow,
  randomised = false,
): string[] {
  return [
    row.memberId,
    row.createdAt,
    ...questions.map((q) =>
      (row.answers ?? [])
        .filter((a) => a.questionId === q.questionId)
        .map((a) => a.option)
        .join('; '),
    ),
    ...(randomised ? orderCells(questions, row.presented) : []),
  ];
}

export function surveyResponsesCsv(
  questions: readonly QuestionColumn[],
  rows: readonly SurveyExportRow[],
  randomised = false,
): string {
  return (
    csvHead(surveyResponsesColumns(questions, randomised)) +
    rows.map((row) => csvLine(surveyResponseCells(questions, row, randomised))).join('')
  );
}

// ---- survey statistics ----

export type StatisticsGroup = QuestionColumn & {
  // a matrix cell names its row; a ranking option carries its mean place
  data: readonly { option: string; counter: number; row?: string | null; meanRank?: number | null }[];
};

const optionCell = (d: StatisticsGroup['data'][number]): string => {
  if (d.row !== undefined && d.row !== null) return `${d.row}: ${d.option}`;
  if (d.meanRank !== undefined && d.meanRank !== null) return `${d.option} (mean rank ${d.meanRank.toFixed(2)})`;
  return d.option;
};

export const STATISTICS_CSV_COLUMNS = ['Question', 'Option', 'Count', 'Share (%)'] as const;

/** One row per question and option: its count and its share of the question's answers (one decimal). */
export function statisticsRows(groups: readonly StatisticsGroup[]): string[][] {
  return groups.flatMap((group, i) => {
    const total = group.data.reduce((sum, d) => sum + d.counter, 0);
    return group.data.map((d) => [
      `${i + 1}. ${group.title}`,
      optionCell(d),
      String(d.counter),
      total === 0 ? '0' : (Math.round((d.counter / total) * 1000) / 10).toString(),
    ]);
  });
}

export function statisticsCsv(groups: readonly StatisticsGroup[]): string {
  return csvHead(STATISTICS_CSV_COLUMNS) + statisticsRows(groups).map(csvLine).join('');
}

/** `<title> responses 2026-11-25.csv`, without characters file systems refuse. */
export function exportFileName(title: string, what: string, now = new Date(), extension = 'csv'): string {
  const name =
    title
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
      .trim()
      .slice(0, 100) || 'request';
  return `${name} ${what} ${now.toISOString().slice(0, 10)}.${extension}`;
}
