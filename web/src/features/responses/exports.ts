// The CSV files a requester downloads (docs/guide/requests.md, "Exports and imports"): collection responses decrypted in
// this browser, survey responses and survey statistics. Pure functions; the buttons that fetch and
// download are in components/response-exports.tsx.
import { toCsv } from '../../shared/csv';
import type { OpenedRow } from './hooks/use-decrypted-responses';
import { safeImageLinks, text } from './response-fields';

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

export type ExportedResponse = { memberId: string; createdAt: string };

const field = (value: unknown, key: string) =>
  value && typeof value === 'object' ? text((value as Record<string, unknown>)[key]) : '';

/** One row per response, one column per field; a response that did not open says why. */
export function collectionCsv(rows: readonly (ExportedResponse & { opened: OpenedRow })[]): string {
  return toCsv(
    COLLECTION_CSV_COLUMNS,
    rows.map(({ memberId, createdAt, opened }) => {
      if (opened.status === 'failed') {
        return [
          memberId,
          createdAt,
          ...Array.from({ length: COLLECTION_CSV_COLUMNS.length - 3 }, () => ''),
          opened.reason,
        ];
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
    }),
  );
}

export type QuestionColumn = { questionId: string; title: string };
export type SurveyExportRow = ExportedResponse & { answers: readonly { questionId: string; option: string }[] | null };

/** One row per response, one column per question (several checkbox choices joined by "; "). */
export function surveyResponsesCsv(questions: readonly QuestionColumn[], rows: readonly SurveyExportRow[]): string {
  return toCsv(
    ['Member ID', 'Submitted', ...questions.map((q, i) => `${i + 1}. ${q.title}`)],
    rows.map((row) => [
      row.memberId,
      row.createdAt,
      ...questions.map((q) =>
        (row.answers ?? [])
          .filter((a) => a.questionId === q.questionId)
          .map((a) => a.option)
          .join('; '),
      ),
    ]),
  );
}

export type StatisticsGroup = QuestionColumn & { data: readonly { option: string; counter: number }[] };

/** The option counts: one row per question and option, with its share of the question's answers. */
export function statisticsCsv(groups: readonly StatisticsGroup[]): string {
  return toCsv(
    ['Question', 'Option', 'Count', 'Share (%)'],
    groups.flatMap((group, i) => {
      const total = group.data.reduce((sum, d) => sum + d.counter, 0);
      return group.data.map((d) => [
        `${i + 1}. ${group.title}`,
        d.option,
        String(d.counter),
        total === 0 ? '0' : (Math.round((d.counter / total) * 1000) / 10).toString(),
      ]);
    }),
  );
}

/** `<title> responses 2026-11-25.csv`, without characters file systems refuse. */
export function exportFileName(title: string, what: string, now = new Date()): string {
  const name =
    title
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
      .trim()
      .slice(0, 100) || 'request';
  return `${name} ${what} ${now.toISOString().slice(0, 10)}.csv`;
}
