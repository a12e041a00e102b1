import Flag from '@mui/icons-material/Flag';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { formatDateTime } from '../../../shared/ui/format-date';
import type { ReviewPayout_PayoutFragment } from '../responses.generated';
import { suggestedReason, type Flag as ReviewFlag } from './review-flags';
import type { Review } from './use-review';

const MAX_REASON = 500;
const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** One row as the review controls see it. */
export type ReviewRow = {
  id: string;
  memberId: string;
  payout: ReviewPayout_PayoutFragment | null;
  flag: ReviewFlag | null;
};
export const awaiting = (row: Pick<ReviewRow, 'payout'>) => row.payout?.status === 'awaiting_review';

const CHIP: Record<string, { label: string; color: 'default' | 'success' | 'warning' | 'error' | 'info' }> = {
  awaiting_review: { label: 'Awaiting review', color: 'warning' },
  pending: { label: 'Approved, paying', color: 'info' },
  sent: { label: 'Paid', color: 'success' },
  failed: { label: 'Payout failed', color: 'error' },
  rejected: { label: 'Rejected', color: 'error' },
};

/** A response's payout in review terms: waiting (until when), approved and paid, or rejected (why). */
export function PayoutState({ payout }: { payout: ReviewPayout_PayoutFragment | null }) {
  if (!payout) return <Chip size="small" label="No payout" />;
  const chip = CHIP[payout.status] ?? { label: payout.status, color: 'default' as const };
  const note =
    payout.status === 'awaiting_review' && payout.reviewDueAt
      ? `Approved by itself ${formatDateTime(payout.reviewDueAt)}`
      : payout.status === 'rejected'
        ? payout.rejectionReason
        : payout.status === 'failed'
          ? payout.failureMessage
          : payout.reviewOutcome === 'auto_approved'
            ? 'Approved at the deadline'
            : null;
  return (
    <Box sx={{ display: 'grid', gap: 0.25, justifyItems: 'start' }}>
      <Chip size="small" color={chip.color} label={chip.label} data-status={payout.status} />
      {note ? (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere', maxWidth: 220 }}>
          {note}
        </Typography>
      ) : null}
    </Box>
  );
}

/** "Flagged" with why, on a row the requester may want to reject. */
export function FlagNote({ flag }: { flag: ReviewFlag | null }) {
  if (!flag) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, color: 'warning.dark', mt: 0.5 }}>
      <Flag fontSize="inherit" aria-hidden sx={{ mt: '3px' }} />
      <Typography variant="caption" aria-label={`Flagged: ${flag.note}`}>
        Flagged: {flag.kind === 'undecryptable' ? 'cannot be decrypted' : flag.note}
      </Typography>
    </Box>
  );
}

/** The row's checkbox: only a response awaiting review can be chosen. */
export function SelectBox({ row, review }: { row: ReviewRow; review: Review }) {
  return (
    <Checkbox
      size="small"
      checked={review.selected.has(row.id)}
      disabled={!awaiting(row) || review.busy}
      onChange={() => review.toggle(row.id)}
      slotProps={{ input: { 'aria-label': `Select response ${row.memberId}` } }}
    />
  );
}

/** The header checkbox: every row of this page awaiting review. */
export function SelectAllBox({ rows, review }: { rows: ReviewRow[]; review: Review }) {
  const open = rows.filter(awaiting).map((r) => r.id);
  const chosen = open.filter((id) => review.selected.has(id)).length;
  return (
    <Checkbox
      size="small"
      checked={open.length > 0 && chosen === open.length}
      indeterminate={chosen > 0 && chosen < open.length}
      disabled={open.length === 0 || review.busy}
      onChange={() => (chosen === open.length ? review.clear() : review.select(open))}
      slotProps={{ input: { 'aria-label': 'Select every response awaiting review on this page' } }}
    />
  );
}

/** Approve and Reject for one row awaiting review. */
export function RowActions({ row, review }: { row: ReviewRow; review: Review }) {
  if (!awaiting(row)) return null;
  return (
    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant="outlined"
        color="success"
        disabled={review.busy}
        onClick={() => void review.approve([row.id])}
        aria-label={`Approve response ${row.memberId}`}
      >
        Approve
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        disabled={review.busy}
        onClick={() => review.askReject([row.id], suggestedReason([row.flag]))}
        aria-label={`Reject response ${row.memberId}`}
      >
        Reject
      </Button>
    </Box>
  );
}

/**
 * Above the table: how many wait and until when, the flagged rows offered for rejection, what is
 * selected with Approve and Reject for all of it, and the last failure.
 */
export function ReviewBar({
  rows,
  review,
  awaitingReview,
  reviewDays,
}: {
  rows: ReviewRow[];
  review: Review;
  awaitingReview: number;
  reviewDays: number;
}) {
  const flagged = rows.filter((r) => awaiting(r) && r.flag);
  const chosen = rows.filter((r) => review.selected.has(r.id));
  const ids = chosen.map((r) => r.id);
  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {awaitingReview > 0
          ? `Paid after your review: ${plural(awaitingReview, 'response')} awaiting your decision.`
          : 'Paid after your review: no response awaits your decision.'}{' '}
        A response you have not decided within {plural(reviewDays, 'day')} is approved and paid by itself.
      </Typography>
      {flagged.length > 0 ? (
        <Alert
          severity="warning"
          action={
            <Button
              color="inherit"
              size="small"
              disabled={review.busy}
              onClick={() => review.select(flagged.map((r) => r.id))}
            >
              Select flagged
            </Button>
          }
        >
          {flagged.length === 1 ? '1 response' : `${flagged.length} responses`} on this page cannot be decrypted here or
          lack data the request asked for. You may reject {flagged.length === 1 ? 'it' : 'them'}.
        </Alert>
      ) : null}
      {chosen.length > 0 ? (
        <Box
          role="toolbar"
          aria-label="Selected responses"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            flexWrap: 'wrap',
            p: 1,
            bgcolor: 'action.selected',
            borderRadius: 1,
          }}
        >
          <Typography variant="body2" sx={{ mr: 1 }}>
            {chosen.length} selected
          </Typography>
          <Button
            size="small"
            variant="contained"
            color="success"
            disabled={review.busy}
            onClick={() => void review.approve(ids)}
          >
            Approve selected
          </Button>
          <Button
            size="small"
            variant="contained"
            color="error"
            disabled={review.busy}
            onClick={() => review.askReject(ids, suggestedReason(chosen.map((r) => r.flag)))}
          >
            Reject selected
          </Button>
          <Button size="small" disabled={review.busy} onClick={review.clear}>
            Clear
          </Button>
        </Box>
      ) : null}
      {review.error ? <Alert severity="error">{review.error}</Alert> : null}
      {review.rejecting ? <RejectDialog review={review} /> : null}
    </Box>
  );
}

/** Reject asks for the reason the participants are shown (prefilled for flagged rows). */
function RejectDialog({ review }: { review: Review }) {
  const { ids, suggestion } = review.rejecting!;
  const [reason, setReason] = useState(suggestion);
  const [touched, setTouched] = useState(false);
  const blank = reason.trim().length === 0;
  return (
    <Dialog
      open
      onClose={review.busy ? undefined : review.cancelReject}
      aria-labelledby="reject-title"
      fullWidth
      maxWidth="sm"
    >
      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!blank) void review.reject(ids, reason.trim());
        }}
      >
        <DialogTitle id="reject-title">Reject {plural(ids.length, 'response')}?</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {ids.length === 1 ? 'It is' : 'They are'} not paid, and{' '}
            {ids.length === 1 ? 'its place opens' : 'their places open'} to other participants. The participant sees
            your reason under My answers.
          </DialogContentText>
          <TextField
            label="Reason"
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setTouched(true);
            }}
            required
            autoFocus
            multiline
            minRows={2}
            fullWidth
            error={touched && blank}
            helperText={
              touched && blank ? 'Say why, in words the participant understands.' : `${reason.length} / ${MAX_REASON}`
            }
            slotProps={{ htmlInput: { maxLength: MAX_REASON } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={review.cancelReject} disabled={review.busy}>
            Cancel
          </Button>
          <Button type="submit" color="error" variant="contained" disabled={blank || review.busy}>
            Reject
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
