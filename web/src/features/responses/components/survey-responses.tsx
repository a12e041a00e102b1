import FactCheck from '@mui/icons-material/FactCheck';
import PhonelinkErase from '@mui/icons-material/PhonelinkErase';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useIsPhone } from '../../../shared/hooks/use-is-phone';
import { EmptyState } from '../../../shared/ui/empty-state';
import { formatDateTime } from '../../../shared/ui/format-date';
import { IconCard } from '../../../shared/ui/icon-card';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { ShortId } from '../../../shared/ui/short-id';
import { readableTitle } from '../../../../../shared/survey-pipes';
import {
  SurveyResponsesDocument,
  SurveyResultsDocument,
  type RequestResults_RequestFragment,
} from '../responses.generated';
import {
  FlagNote,
  PayoutState,
  ReviewBar,
  RowActions,
  SelectAllBox,
  SelectBox,
  type ReviewRow,
} from '../review/review-controls';
import { surveyFlag } from '../review/review-flags';
import { useReview } from '../review/use-review';
import { RESPONSES_PAGE_SIZE, ResponsesPagination } from './responses-pagination';

const COLUMNS = ['Member ID', 'Submitted', 'Answers', 'Payout', 'Review'];

type Props = { request: Pick<RequestResults_RequestFragment, 'id' | 'reviewDays'> };

// A survey paid after review: its responses one per row (who, when, what they chose) with their
// payout, Approve and Reject, one row or many. A row missing an answer is flagged.
export function SurveyResponses({ request }: Props) {
  const [page, setPage] = useState(0);
  const { data, previousData, loading, error, refetch } = useQuery(SurveyResponsesDocument, {
    variables: { requestId: request.id, offset: page * RESPONSES_PAGE_SIZE, limit: RESPONSES_PAGE_SIZE },
  });
  // the question titles (the pies above read the same query)
  const questions = useQuery(SurveyResultsDocument, { variables: { requestId: request.id } }).data?.surveyStatistics;
  const review = useReview(request.id, refetch);
  const phone = useIsPhone();
  const shown = (data ?? previousData)?.requestResponses;
  const titles = new Map((questions ?? []).map((q) => [q.questionId, readableTitle(q.title)]));
  const rows: (ReviewRow & { createdAt: string; answers: string[] })[] = (shown?.list ?? []).map((row) => {
    const chosen = new Map<string, string[]>();
    for (const a of row.answers ?? []) chosen.set(a.questionId, [...(chosen.get(a.questionId) ?? []), a.option]);
    return {
      id: row.id,
      memberId: row.memberId,
      payout: row.payout,
      createdAt: row.createdAt,
      flag: questions ? surveyFlag(row.answers, questions) : null,
      answers: [...chosen].map(([id, options]) => `${titles.get(id) ?? 'Question'}: ${options.join(', ')}`),
    };
  });

  let body;
  if (error && !shown) {
    body = <LoadErrorAlert message="The responses could not be loaded." onRetry={() => void refetch()} />;
  } else if (shown && shown.count === 0) {
    body = <EmptyState icon={PhonelinkErase} title="NOBODY ACCEPTED ON THE PHONE APPLICATION" />;
  } else {
    body = (
      <>
        {shown ? (
          <ReviewBar
            rows={rows}
            review={review}
            awaitingReview={shown.awaitingReview}
            reviewDays={request.reviewDays}
          />
        ) : null}
        {phone && shown ? (
          // on a phone each response is a card: who and when, what they chose, the payout and the
          // review buttons, all in the width of the screen
          <Box role="list" aria-label="Survey responses" sx={{ display: 'grid', gap: 2 }}>
            {rows.map((row) => (
              <Box
                role="listitem"
                key={row.id}
                sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, display: 'grid', gap: 1 }}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <SelectBox row={row} review={review} />
                  <Box sx={{ minWidth: 0 }}>
                    <ShortId value={row.memberId} />
                    <Typography variant="caption" component="div" color="text.secondary">
                      {formatDateTime(row.createdAt)}
                    </Typography>
                  </Box>
                </Box>
                <FlagNote flag={row.flag} />
                <Box>
                  {row.answers.map((line) => (
                    <Typography key={line} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                      {line}
                    </Typography>
                  ))}
                </Box>
                <PayoutState payout={row.payout} />
                <RowActions row={row} review={review} />
              </Box>
            ))}
          </Box>
        ) : (
          <TableContainer>
            <Table aria-label="Survey responses" size="small" aria-busy={loading}>
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox">
                    <SelectAllBox rows={rows} review={review} />
                  </TableCell>
                  {COLUMNS.map((column) => (
                    <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                      {column}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {!shown ? (
                  <TableRow>
                    <TableCell colSpan={COLUMNS.length + 1}>
                      <Skeleton />
                    </TableCell>
                  </TableRow>
                ) : (
                  rows.map((row) => (
                    <TableRow key={row.id} hover selected={review.selected.has(row.id)}>
                      <TableCell padding="checkbox">
                        <SelectBox row={row} review={review} />
                      </TableCell>
                      <TableCell>
                        <ShortId value={row.memberId} />
                        <FlagNote flag={row.flag} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</TableCell>
                      <TableCell sx={{ minWidth: 220 }}>
                        {row.answers.map((line) => (
                          <Typography key={line} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                            {line}
                          </Typography>
                        ))}
                      </TableCell>
                      <TableCell>
                        <PayoutState payout={row.payout} />
                      </TableCell>
                      <TableCell>
                        <RowActions row={row} review={review} />
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <ResponsesPagination count={shown?.count} page={page} onPage={setPage} onTurn={review.clear} />
      </>
    );
  }
  return (
    <IconCard
      icon={FactCheck}
      color="green"
      title="Responses to review"
      subtitle={shown ? `${shown.count} response${shown.count === 1 ? '' : 's'}` : 'Loading…'}
      id="responses"
    >
      {body}
    </IconCard>
  );
}
