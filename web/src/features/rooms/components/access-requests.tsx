import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useApolloClient, useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import {
  AccessRequestsDocument,
  ApproveDatasetAccessDocument,
  DeclineDatasetAccessDocument,
  RoomAuditDocument,
  type AccessRequestList_RequestFragment,
} from '../access.generated';
import { RoomPublicKeyDocument } from '../room.generated';
import type { DatasetList_DatasetFragment } from '../datasets.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { formatDateTime } from '../../../shared/ui/format-date';
import { PageLoader } from '../../../shared/ui/page-loader';
import { sealWithheldColumnKey } from '../column-grants';
import { type ReportRequest } from './report-dialog';

const POLL_MS = 15_000;
const STATUS: Record<string, { label: string; color: 'default' | 'warning' | 'success' | 'error' }> = {
  open: { label: 'Waiting for a decision', color: 'warning' },
  approved: { label: 'Approved: one report', color: 'success' },
  declined: { label: 'Declined', color: 'error' },
  used: { label: 'Report made', color: 'default' },
};

type Props = {
  roomId: string;
  me: string;
  datasets: DatasetList_DatasetFragment[];
  onGetReport: (request: ReportRequest) => void;
};

// Requests for more than a data set's rule allows: the partner's own (with the one report an
// approval allows), and those the uploader decides. Approving seals the requested withheld
// columns' keys to the requester, in this browser.
export function AccessRequests({ roomId, me, datasets, onGetReport }: Props) {
  const query = useQuery(AccessRequestsDocument, { variables: { roomId }, pollInterval: POLL_MS });
  const requests = query.data?.accessRequests ?? [];
  if (query.loading && !query.data) return <PageLoader label="Loading the access requests…" minHeight={80} />;
  if (!requests.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        No access requests. When a data set’s rule refuses something you need, ask its uploader with “Request access”.
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label="Access requests" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
      {requests.map((request) => (
        <RequestItem
          key={request.id}
          request={request}
          roomId={roomId}
          me={me}
          datasets={datasets}
          onGetReport={onGetReport}
        />
      ))}
    </Box>
  );
}

function RequestItem({
  request,
  roomId,
  me,
  datasets,
  onGetReport,
}: Props & { request: AccessRequestList_RequestFragment }) {
  const client = useApolloClient();
  const refetch = { refetchQueries: [AccessRequestsDocument, RoomAuditDocument] };
  const [approve, approving] = useMutation(ApproveDatasetAccessDocument, refetch);
  const [decline, declining] = useMutation(DeclineDatasetAccessDocument, refetch);
  const [declineOpen, setDeclineOpen] = useState(false);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const status = STATUS[request.status] ?? { label: request.status, color: 'default' as const };
  const busy = approving.loading || declining.loading;

  const onApprove = async () => {
    setError(null);
    try {
      const dataset = datasets.find((d) => d.id === request.datasetId);
      const sealed = (request.columns ?? []).filter(
        (name) => dataset?.columns.find((c) => c.name === name)?.sealing === 'dataset',
      );
      let columnKeys: { column: string; sealedKey: string }[] = [];
      if (sealed.length && dataset) {
        const { data } = await client.query({
          query: RoomPublicKeyDocument,
          variables: { roomId, userId: request.requesterId },
          fetchPolicy: 'network-only',
        });
        if (!data) throw new Error('The requester’s public key could not be read.');
        const to = { roomId, userId: request.requesterId, publicKeyPem: data.roomPublicKey.publicKey };
        columnKeys = await Promise.all(
          sealed.map(async (column) => ({ column, sealedKey: await sealWithheldColumnKey(dataset, column, to, me) })),
        );
      }
      await approve({ variables: { input: { roomId, requestId: request.id, columnKeys } } });
    } catch (failure) {
      setError(
        failure instanceof Error && failure.name === 'ColumnKeyError' ? failure.message : toApiError(failure).message,
      );
    }
  };
  const onDecline = async () => {
    setError(null);
    try {
      await decline({ variables: { input: { roomId, requestId: request.id, note: note.trim() || null } } });
      setDeclineOpen(false);
    } catch (failure) {
      setError(toApiError(failure).message);
    }
  };

  return (
    <Paper component="li" variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="subtitle2" component="h4" sx={{ overflowWrap: 'break-word', flex: '1 1 240px' }}>
          {request.description}
        </Typography>
        <Chip size="small" label={status.label} color={status.color} variant="outlined" />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {request.mine ? 'You asked' : `${request.requesterName} asked`} the uploader of {request.datasetName},{' '}
        {formatDateTime(request.createdAt)}: “{request.reason}”
      </Typography>
      {request.status === 'declined' && request.decisionNote ? (
        <Typography variant="body2">Declined: “{request.decisionNote}”</Typography>
      ) : null}
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
      {request.toDecide && request.status === 'open' ? (
        declineOpen ? (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-end' }}>
            <TextField
              label="Why not (optional, the requester reads it)"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              variant="standard"
              size="small"
              sx={{ flex: '1 1 240px' }}
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
            <Button color="error" variant="contained" disabled={busy} onClick={() => void onDecline()}>
              Decline
            </Button>
            <Button onClick={() => setDeclineOpen(false)}>Cancel</Button>
          </Box>
        ) : (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              disabled={busy}
              onClick={() => void onApprove()}
              aria-label={`Approve: ${request.description}`}
            >
              {approving.loading ? 'Approving…' : 'Approve one report'}
            </Button>
            <Button color="error" disabled={busy} onClick={() => setDeclineOpen(true)}>
              Decline
            </Button>
          </Box>
        )
      ) : null}
      {request.mine && request.status === 'approved' ? (
        <Box>
          <Button
            variant="contained"
            onClick={() =>
              onGetReport({ roomId, accessRequestId: request.id, description: `Report of ${request.description}.` })
            }
          >
            Get report (1 IPT)
          </Button>
        </Box>
      ) : null}
    </Paper>
  );
}
