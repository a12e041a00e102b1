import LockOpen from '@mui/icons-material/LockOpen';
import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { IconCard } from '../../../shared/ui/icon-card';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { readableTitle } from '../../../../../shared/survey-pipes';
import { useDecryptedResponses } from '../hooks/use-decrypted-responses';
import { SurveyPersonalAnswersDocument, SurveyResultsDocument } from '../responses.generated';
import { MissingKey } from './collection-rows';
import { RESPONSES_PAGE_SIZE, ResponsesPagination } from './responses-pagination';

const PERSONAL = ['short_text', 'long_text', 'number', 'date'];

// A survey's text, number and date answers: the server holds them sealed to the request key, so
// they are opened here, in the requester's browser, a page at a time.
export function SurveyPersonalAnswers({ requestId, keyId }: { requestId: string; keyId: string }) {
  const [page, setPage] = useState(0);
  const results = useQuery(SurveyResultsDocument, { variables: { requestId } });
  const questions = (results.data?.surveyStatistics ?? []).filter((g) => PERSONAL.includes(g.type));
  const { data, previousData, error, refetch } = useQuery(SurveyPersonalAnswersDocument, {
    variables: { requestId, offset: page * RESPONSES_PAGE_SIZE, limit: RESPONSES_PAGE_SIZE },
    skip: questions.length === 0,
  });
  const shown = (data ?? previousData)?.requestResponses;
  const sealed = shown?.list.filter((row) => row.encryptedData) ?? null;
  const decryption = useDecryptedResponses(requestId, keyId, sealed);
  if (questions.length === 0) return null;
  const answerOf = (rowId: string, questionId: string): string => {
    if (decryption.state === 'no-key') return '🔒';
    const opened = decryption.rows.get(rowId);
    if (!opened) return decryption.state === 'decrypting' ? '…' : '';
    if (opened.status === 'failed') return opened.reason;
    const answers = (opened.data as { answers?: Record<string, string | number> }).answers ?? {};
    const value = answers[questionId];
    return value === undefined ? '' : String(value);
  };
  return (
    <IconCard
      icon={LockOpen}
      color="green"
      title="Personal answers"
      subtitle="Decrypted in this browser"
      id="personal-answers"
    >
      {error && !shown ? (
        <LoadErrorAlert message="The answers could not be loaded." onRetry={() => void refetch()} />
      ) : (
        <>
          {decryption.state === 'no-key' ? <MissingKey keyId={keyId} /> : null}
          {sealed && sealed.length === 0 ? <Alert severity="info">No personal answers on this page.</Alert> : null}
          <TableContainer>
            <Table size="small" aria-label="Personal answers">
              <TableHead>
                <TableRow>
                  <TableCell>Member ID</TableCell>
                  {questions.map((q) => (
                    <TableCell key={q.questionId}>{readableTitle(q.title)}</TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {(sealed ?? []).map((row) => (
                  <TableRow key={row.id}>
                    <TableCell>{row.memberId}</TableCell>
                    {questions.map((q) => (
                      <TableCell key={q.questionId} sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                        {answerOf(row.id, q.questionId)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ResponsesPagination count={shown?.count} page={page} onPage={setPage} />
        </>
      )}
    </IconCard>
  );
}
