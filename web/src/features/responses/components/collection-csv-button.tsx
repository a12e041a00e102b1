import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { downloadTextFile } from '../../../shared/ui/download-text-file';
import { collectionCsv, exportFileName } from '../../../../../shared/export-format';
import { openRow, privateKeyOf } from '../hooks/use-decrypted-responses';
import { ExportError, useAllResponses } from './export-support';

type Progress = { done: number; total: number | null } | null;

// Collection responses as CSV, decrypted here with the request key: the file never passes the server.
export function CollectionCsvButton({ requestId, keyId, title }: { requestId: string; keyId: string; title: string }) {
  const fetchAll = useAllResponses(requestId);
  const [progress, setProgress] = useState<Progress>(null);
  const [error, setError] = useState<string | null>(null);
  const privateKeyPem = privateKeyOf(keyId);

  const run = async () => {
    if (!privateKeyPem) return;
    setError(null);
    setProgress({ done: 0, total: null });
    try {
      const rows = await fetchAll((done, total) => setProgress({ done: 0, total: Math.max(total, done) }));
      const opened = [];
      for (const row of rows) {
        opened.push({
          memberId: row.memberId,
          createdAt: row.createdAt,
          opened: await openRow(privateKeyPem, requestId, row),
        });
        if (opened.length % 20 === 0) setProgress({ done: opened.length, total: rows.length });
      }
      downloadTextFile(exportFileName(title, 'responses'), collectionCsv(opened), 'text/csv');
    } catch {
      setError('The responses could not be loaded for the download. Try again.');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box>
      <Button
        variant="outlined"
        size="small"
        startIcon={<FileDownloadOutlined />}
        disabled={!privateKeyPem || progress !== null}
        title={privateKeyPem ? undefined : 'Load the request key in this browser first'}
        onClick={() => void run()}
      >
        {progress
          ? progress.total === null
            ? 'Loading…'
            : `Decrypting ${progress.done} of ${progress.total}…`
          : 'Download CSV'}
      </Button>
      <ExportError message={error} onClose={() => setError(null)} />
    </Box>
  );
}
