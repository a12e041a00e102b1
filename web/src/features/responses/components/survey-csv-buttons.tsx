import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { downloadTextFile } from '../../../shared/ui/download-text-file';
import {
  exportFileName,
  statisticsCsv,
  surveyResponsesCsv,
  type QuestionColumn,
  type StatisticsGroup,
} from '../../../../../shared/export-format';
import { SurveyResultsDocument } from '../responses.generated';
import { ExportError, useAllResponses } from './export-support';

type ResponseRow = Awaited<ReturnType<ReturnType<typeof useAllResponses>>>[number];

/** One row per response; a randomised survey's rows end with the order each participant saw. */
function responsesCsv(groups: StatisticsGroup[], rows: ResponseRow[]): string {
  const columns = groups.map(({ questionId, title }): QuestionColumn => ({ questionId, title }));
  const ordered = rows.map((r) => ({
    ...r,
    presented: r.presented && {
      questions: r.presented.questions,
      options: Object.fromEntries(r.presented.options.map((o) => [o.questionId, o.options])),
    },
  }));
  return surveyResponsesCsv(
    columns,
    ordered,
    ordered.some((r) => r.presented),
  );
}

// A survey's responses (one row each, one column per question) and its option counts as CSV.
export function SurveyCsvButtons({ requestId, title }: { requestId: string; title: string }) {
  const client = useApolloClient();
  const fetchAll = useAllResponses(requestId);
  const [busy, setBusy] = useState<'responses' | 'statistics' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const statistics = async (): Promise<StatisticsGroup[]> => {
    const { data } = await client.query({ query: SurveyResultsDocument, variables: { requestId } });
    if (!data) throw new Error('no data');
    return data.surveyStatistics;
  };
  const run = async (what: 'responses' | 'statistics') => {
    setBusy(what);
    setError(null);
    try {
      const groups = await statistics();
      const csv = what === 'statistics' ? statisticsCsv(groups) : await responsesCsv(groups, await fetchAll(() => {}));
      downloadTextFile(exportFileName(title, what), csv, 'text/csv');
    } catch {
      setError(`The ${what} could not be loaded for the download. Try again.`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {(['responses', 'statistics'] as const).map((what) => (
          <Button
            key={what}
            variant="outlined"
            startIcon={<FileDownloadOutlined />}
            disabled={busy !== null}
            onClick={() => void run(what)}
          >
            {busy === what ? 'Preparing…' : what === 'responses' ? 'Responses CSV' : 'Statistics CSV'}
          </Button>
        ))}
      </Box>
      <ExportError message={error} onClose={() => setError(null)} />
    </Box>
  );
}
