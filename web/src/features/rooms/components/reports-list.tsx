import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useApolloClient } from '@apollo/client/react';
import { useState } from 'react';
import { ReportResultDocument, type ReportList_ReportFragment } from '../datasets.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { downloadTextFile } from '../../../shared/ui/download-text-file';
import { formatDateTime } from '../../../shared/ui/format-date';
import { toCsv } from '../../../shared/csv';
import { decryptReport, isReportResult, reportFileName, reportHeader } from '../report-csv';

type Props = {
  roomId: string;
  userId: string;
  reports: ReportList_ReportFragment[];
  roomKeys: ReadonlyMap<number, Uint8Array>;
  setNames: ReadonlyMap<string, string>;
};

// Paid reports: one decrypt-and-download link each. The result is fetched, opened with the room
// key (and the keys of columns sealed with a set's secret) in this browser and saved as CSV
// named after its sets and day; nothing decrypted goes back to the server.
export function ReportsList({ roomId, userId, reports, roomKeys, setNames }: Props) {
  const client = useApolloClient();
  const [busy, setBusy] = useState<{ id: string; done: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const nameList = (report: ReportList_ReportFragment) =>
    report.datasetIds.map((id) => setNames.get(id) ?? 'a deleted data set');

  const download = async (report: ReportList_ReportFragment) => {
    setError(null);
    setNotice(null);
    setBusy({ id: report.id, done: 0 });
    try {
      const { data } = await client.query({
        query: ReportResultDocument,
        variables: { roomId, id: report.id },
        fetchPolicy: 'network-only',
      });
      const result: unknown = data?.report.result;
      if (!isReportResult(result)) throw new Error('The report has no result.');
      const rows = await decryptReport(result, roomId, roomKeys, userId, (done) => setBusy({ id: report.id, done }));
      downloadTextFile(
        reportFileName(nameList(report), report.createdAt),
        toCsv(reportHeader(result, setNames), rows),
        'text/csv',
      );
      if (result.omitted?.length)
        setNotice(
          `Left out: ${result.omitted.map((o) => o.column).join(', ')}. Their uploader’s browser has not given you their keys yet; it does so when they open this room.`,
        );
    } catch (failure) {
      setError(
        failure instanceof Error && failure.name === 'ReportDecryptError'
          ? failure.message
          : toApiError(failure).message,
      );
    } finally {
      setBusy(null);
    }
  };

  if (reports.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        No reports yet. Select one data set, or join two, and get a report for 1 IPT Token.
      </Typography>
    );
  }
  return (
    <>
      {error ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {error}
        </Alert>
      ) : null}
      {notice ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {notice}
        </Alert>
      ) : null}
      <List dense aria-label="Reports">
        {reports.map((report) => {
          const names = report.description || nameList(report).join(' and ');
          return (
            <ListItem key={report.id} disableGutters sx={{ flexWrap: 'wrap', gap: 1 }} secondaryAction={null}>
              <ListItemText
                primary={names}
                secondary={`${report.rowCount.toLocaleString('en-US')} rows · ${formatDateTime(report.createdAt)}${report.accessRequestId ? ' · approved request' : ''}`}
                sx={{ flex: '1 1 220px', overflowWrap: 'break-word' }}
              />
              <Button
                size="small"
                variant="outlined"
                startIcon={<Download />}
                disabled={busy !== null}
                onClick={() => void download(report)}
                // the visible words first, then which report (WCAG 2.5.3, label in name)
                aria-label={busy?.id === report.id ? undefined : `Decrypt and download CSV: ${names}`}
              >
                {busy?.id === report.id
                  ? `Decrypting… ${busy.done.toLocaleString('en-US')} rows`
                  : 'Decrypt and download CSV'}
              </Button>
            </ListItem>
          );
        })}
      </List>
    </>
  );
}
