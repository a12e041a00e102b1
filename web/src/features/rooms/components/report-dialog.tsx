import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { CreateReportDocument, RoomReportsDocument } from '../datasets.generated';
import { MeDocument } from '../../../shared/session/session.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { type SqlWhere } from '../join/condition-tree';
import { reportRefusal } from '../join/report-rule';
import type { DatasetList_DatasetFragment } from '../datasets.generated';
import { type AccessContext } from './refusal-alert';

/** A report to pay for: sets and condition, or the one an approved access request names. */
export type ReportRequest = {
  roomId: string;
  datasetIds?: string[];
  sqlWhere?: SqlWhere;
  accessRequestId?: string;
  description: string;
};

type Phase =
  { kind: 'confirm' } | { kind: 'short' } | { kind: 'failed'; message: string } | { kind: 'refused'; message: string };

// The paid step: "To Continue 1 IPT Token will be deducted", then the report is made and charged
// in one transaction. Without credit: "Purchase IPT Tokens to continue", with the way to buy some.
export function ReportDialog({
  request,
  datasets,
  onClose,
  onCreated,
  onRequestAccess,
}: {
  request: ReportRequest | null;
  /** the room's data sets: their rules are checked before the charge is confirmed */
  datasets: readonly DatasetList_DatasetFragment[];
  onClose: () => void;
  onCreated: (id: string) => void;
  // a data set's rule refused the report: ask its uploader instead
  onRequestAccess: (context: AccessContext) => void;
}) {
  const client = useApolloClient();
  const [createReport, { loading }] = useMutation(CreateReportDocument);
  const [phase, setPhase] = useState<Phase>({ kind: 'confirm' });
  // one idempotency key per confirmation: a retried request charges once
  const requestId = useRef<string>(crypto.randomUUID());

  const close = () => {
    setPhase({ kind: 'confirm' });
    requestId.current = crypto.randomUUID();
    onClose();
  };

  const confirm = async () => {
    if (!request) return;
    try {
      const { data } = await createReport({
        variables: {
          input: {
            roomId: request.roomId,
            datasetIds: request.datasetIds ?? null,
            sqlWhere: request.sqlWhere ?? null,
            accessRequestId: request.accessRequestId ?? null,
            requestId: requestId.current,
          },
        },
      });
      await client.refetchQueries({ include: [RoomReportsDocument, MeDocument] });
      if (data) onCreated(data.createReport.id);
      close();
    } catch (failure) {
      const error = toApiError(failure);
      setPhase(
        error.code === 'INSUFFICIENT_CREDIT'
          ? { kind: 'short' }
          : error.code === 'ANALYSIS_RULE'
            ? { kind: 'refused', message: error.message }
            : { kind: 'failed', message: error.message },
      );
    }
  };

  // a report the rules refuse is said so at once, not after agreeing to pay for it (an approved
  // access request allows its one report)
  const sets = (request?.datasetIds ?? []).map((id) => datasets.find((set) => set.id === id));
  const refusal =
    request && !request.accessRequestId && sets.length > 0 && sets.every((set) => set !== undefined)
      ? reportRefusal(sets as DatasetList_DatasetFragment[])
      : null;
  const shown: Phase = phase.kind === 'confirm' && refusal ? { kind: 'refused', message: refusal } : phase;

  const titleId = 'report-dialog-title';
  return (
    <Dialog
      open={request !== null}
      onClose={close}
      aria-labelledby={titleId}
      role={shown.kind === 'confirm' ? 'dialog' : 'alertdialog'}
    >
      {shown.kind === 'refused' ? (
        <>
          <DialogTitle id={titleId}>Not allowed by the data set’s rule</DialogTitle>
          <DialogContent>
            <DialogContentText role="alert">{shown.message}</DialogContentText>
            <DialogContentText sx={{ mt: 2 }}>Nothing was charged.</DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button
              variant="contained"
              onClick={() => {
                if (request?.datasetIds)
                  onRequestAccess({
                    datasetIds: request.datasetIds,
                    sqlWhere: request.sqlWhere,
                    description: request.description,
                  });
                close();
              }}
            >
              Request access
            </Button>
          </DialogActions>
        </>
      ) : phase.kind === 'short' ? (
        <>
          <DialogTitle id={titleId}>Purchase IPT Tokens to continue</DialogTitle>
          <DialogContent>
            <DialogContentText>
              A report costs 1 IPT Token and your account has none left. Nothing was charged.
            </DialogContentText>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button component={RouterLink} to="/auth/pricing-page" variant="contained">
              Purchase IPT Tokens
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogTitle id={titleId}>To Continue 1 IPT Token will be deducted</DialogTitle>
          <DialogContent>
            <DialogContentText>{request?.description}</DialogContentText>
            {phase.kind === 'failed' ? (
              <DialogContentText color="error" role="alert" sx={{ mt: 2 }}>
                {phase.message}
              </DialogContentText>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button variant="contained" onClick={() => void confirm()} disabled={loading}>
              {loading ? 'Creating the report…' : 'Continue'}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
