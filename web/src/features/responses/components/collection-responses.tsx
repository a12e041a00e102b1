import People from '@mui/icons-material/People';
import PhonelinkErase from '@mui/icons-material/PhonelinkErase';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@apollo/client/react';
import { Fragment, useState } from 'react';
import { useIsPhone } from '../../../shared/hooks/use-is-phone';
import { EmptyState } from '../../../shared/ui/empty-state';
import { IconCard } from '../../../shared/ui/icon-card';
import { LoadErrorAlert } from '../../../shared/ui/load-error-alert';
import { ShortId } from '../../../shared/ui/short-id';
import { useDecryptedResponses } from '../hooks/use-decrypted-responses';
import { otherData } from '../response-fields';
import { CollectionResponsesDocument, type RequestResults_RequestFragment } from '../responses.generated';
import {
  FlagNote,
  PayoutState,
  ReviewBar,
  RowActions,
  SelectAllBox,
  SelectBox,
  type ReviewRow,
} from '../review/review-controls';
import { collectionFlag } from '../review/review-flags';
import { useReview } from '../review/use-review';
import { CollectionCsvButton } from './collection-csv-button';
import { COLUMNS, MissingKey, OpenedCells, StackedResponse } from './collection-rows';
import { RESPONSES_PAGE_SIZE, ResponsesPagination } from './responses-pagination';

type Props = {
  request: Pick<RequestResults_RequestFragment, 'id' | 'keyId' | 'title' | 'payAfterReview' | 'reviewDays' | 'options'>;
};

// The decrypted responses of a collection (spec: Member ID, First Name, Last Name, Age, Mobile,
// Email, Gender, Location, Images), opened here with the request key's private half. Paid after
// review, each row also shows its payout with Approve and Reject, rows can be chosen to decide
// many at once, and a row this browser cannot open or that lacks what was asked for is flagged.
export function CollectionResponses({ request }: Props) {
  const { id: requestId, keyId, title } = request;
  const [page, setPage] = useState(0);
  const { data, previousData, loading, error, refetch } = useQuery(CollectionResponsesDocument, {
    variables: { requestId, offset: page * RESPONSES_PAGE_SIZE, limit: RESPONSES_PAGE_SIZE },
  });
  const shown = (data ?? previousData)?.requestResponses;
  const decryption = useDecryptedResponses(requestId, keyId, shown?.list ?? null);
  const review = useReview(requestId, refetch);
  const phone = useIsPhone();
  // under review; or rows still awaiting it (the mode itself is fixed once responses arrived)
  const reviewing = request.payAfterReview || (shown?.awaitingReview ?? 0) > 0;
  const opened = (id: string) => (decryption.state === 'no-key' ? undefined : decryption.rows.get(id));
  const rows: ReviewRow[] = (shown?.list ?? []).map((row) => ({
    id: row.id,
    memberId: row.memberId,
    payout: row.payout,
    flag: collectionFlag(opened(row.id), request.options ?? null),
  }));
  // the review sits left of the data, so its buttons are in view without scrolling a wide table
  const columns = reviewing ? ['', 'Member ID', 'Payout', ...COLUMNS.slice(1)] : COLUMNS;
  const flaggedWaiting = rows.some((row) => row.flag && row.payout?.status === 'awaiting_review');

  let body;
  if (error && !shown) {
    body = <LoadErrorAlert message="The responses could not be loaded." onRetry={() => void refetch()} />;
  } else if (shown && shown.count === 0) {
    body = <EmptyState icon={PhonelinkErase} title="NOBODY ACCEPTED ON THE PHONE APPLICATION" />;
  } else {
    const failed =
      decryption.state === 'no-key' ? 0 : [...decryption.rows.values()].filter((r) => r.status === 'failed').length;
    body = (
      <>
        {decryption.state === 'no-key' ? <MissingKey keyId={keyId} /> : null}
        {failed > 0 && decryption.state === 'done' && !(reviewing && flaggedWaiting) ? (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failed === 1 ? '1 response' : `${failed} responses`} on this page could not be decrypted; the others are
            shown.
          </Alert>
        ) : null}
        {reviewing && shown ? (
          <ReviewBar
            rows={rows}
            review={review}
            awaitingReview={shown.awaitingReview}
            reviewDays={request.reviewDays}
          />
        ) : null}
        {phone && shown ? (
          <Box role="list" aria-label="Responses" sx={{ display: 'grid', gap: 2 }}>
            {rows.map((row) => (
              <Box role="listitem" key={row.id} sx={{ border: 1, borderColor: 'divider', borderRadius: 1 }}>
                {reviewing ? (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', px: 1, pt: 1 }}>
                    <SelectBox row={row} review={review} />
                    <Box sx={{ flex: 1 }}>
                      <FlagNote flag={row.flag} />
                    </Box>
                    <RowActions row={row} review={review} />
                  </Box>
                ) : null}
                <StackedResponse
                  requestId={requestId}
                  memberId={row.memberId}
                  locked={decryption.state === 'no-key'}
                  opened={opened(row.id)}
                  review={reviewing ? <PayoutState payout={row.payout} /> : undefined}
                />
              </Box>
            ))}
          </Box>
        ) : (
          <TableContainer>
            <Table
              aria-label="Responses"
              size="small"
              aria-busy={loading || decryption.state === 'decrypting'}
              // nine columns (eleven under review) in the card's width at 1440 px: half the usual
              // space between them, so Location and Images are in view without scrolling
              sx={{ '& th, & td:not(.MuiTableCell-paddingCheckbox)': { px: 1 } }}
            >
              <TableHead>
                <TableRow>
                  {columns.map((column, i) =>
                    reviewing && i === 0 ? (
                      <TableCell key="select" padding="checkbox">
                        <SelectAllBox rows={rows} review={review} />
                      </TableCell>
                    ) : (
                      <TableCell key={column} align={column === 'Age' ? 'right' : 'left'} sx={{ whiteSpace: 'nowrap' }}>
                        {column}
                      </TableCell>
                    ),
                  )}
                </TableRow>
              </TableHead>
              <TableBody>
                {!shown
                  ? Array.from({ length: 3 }, (_, i) => (
                      <TableRow key={i}>
                        <TableCell colSpan={columns.length}>
                          <Skeleton />
                        </TableCell>
                      </TableRow>
                    ))
                  : rows.map((row) => {
                      const open = opened(row.id);
                      const extra = open?.status === 'open' ? otherData(open.data) : [];
                      return (
                        <Fragment key={row.id}>
                          <TableRow hover selected={review.selected.has(row.id)}>
                            {reviewing ? (
                              <TableCell padding="checkbox">
                                <SelectBox row={row} review={review} />
                              </TableCell>
                            ) : null}
                            <TableCell>
                              <ShortId value={row.memberId} />
                              {reviewing ? <FlagNote flag={row.flag} /> : null}
                            </TableCell>
                            {reviewing ? (
                              <TableCell sx={{ minWidth: 160 }}>
                                <Box sx={{ display: 'grid', gap: 1 }}>
                                  <PayoutState payout={row.payout} />
                                  <RowActions row={row} review={review} />
                                </Box>
                              </TableCell>
                            ) : null}
                            {decryption.state === 'no-key' ? (
                              <TableCell colSpan={COLUMNS.length - 1} sx={{ color: 'text.secondary' }}>
                                Encrypted
                              </TableCell>
                            ) : (
                              <OpenedCells opened={open} requestId={requestId} memberId={row.memberId} />
                            )}
                          </TableRow>
                          {extra.length > 0 ? (
                            <TableRow>
                              <TableCell colSpan={reviewing ? 3 : 1} />
                              <TableCell
                                colSpan={COLUMNS.length - 1}
                                sx={{ pt: 0, color: 'text.secondary', fontSize: '0.8rem' }}
                              >
                                {extra.join(' · ')}
                              </TableCell>
                            </TableRow>
                          ) : null}
                        </Fragment>
                      );
                    })}
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
      icon={People}
      color="green"
      title="Responses"
      subtitle={`${shown ? `${shown.count} response${shown.count === 1 ? '' : 's'}, ` : ''}decrypted in this browser only`}
      id="responses"
      action={
        shown && shown.count > 0 ? <CollectionCsvButton requestId={requestId} keyId={keyId} title={title} /> : undefined
      }
    >
      {body}
    </IconCard>
  );
}
