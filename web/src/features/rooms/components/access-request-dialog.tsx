import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { AccessRequestsDocument, RequestDatasetAccessDocument } from '../access.generated';
import type { DatasetList_DatasetFragment } from '../datasets.generated';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { type AccessContext } from './refusal-alert';

type Props = {
  roomId: string;
  context: AccessContext | null;
  datasets: DatasetList_DatasetFragment[];
  onClose: () => void;
};

// A partner asks a data set's uploader for one report its rule does not allow: the set alone, or
// a join with withheld columns. The uploader sees the request on the room page and decides.
export function AccessRequestDialog({ roomId, context, datasets, onClose }: Props) {
  const [send, { loading }] = useMutation(RequestDatasetAccessDocument, {
    refetchQueries: [AccessRequestsDocument],
  });
  const [columns, setColumns] = useState<string[]>([]);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const target = context ? datasets.find((d) => context.datasetIds.includes(d.id) && !d.mine) : undefined;
  const withheld = target && target.partnerAccess !== 'full' ? target.columns.filter((c) => !c.shared) : [];
  // a refusal that named a column asks for that one (set while rendering, when the context changes)
  const [shownFor, setShownFor] = useState(context);
  if (shownFor !== context) {
    setShownFor(context);
    setColumns(context?.columns ?? []);
  }

  const close = () => {
    setColumns([]);
    setReason('');
    setProblem(null);
    setSent(false);
    onClose();
  };
  const submit = async () => {
    if (!context) return;
    if (!reason.trim()) {
      setProblem('Say why you need it: the uploader reads it.');
      return;
    }
    try {
      await send({
        variables: {
          input: {
            roomId,
            datasetIds: context.datasetIds,
            sqlWhere: context.sqlWhere ?? null,
            columns,
            reason: reason.trim(),
          },
        },
      });
      setSent(true);
    } catch (error) {
      setProblem(toApiError(error).message);
    }
  };

  return (
    <Dialog open={context !== null} onClose={close} aria-labelledby="access-request-title" fullWidth maxWidth="sm">
      <DialogTitle id="access-request-title">Request access</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {sent ? (
          <Alert severity="success" role="status">
            Sent. {target ? `The uploader of ${target.name}` : 'The uploader'} decides on the room page; you will be
            notified.
          </Alert>
        ) : (
          <>
            <DialogContentText>
              {context?.description} {target ? `Its uploader decides whether you may have it, once.` : ''}
            </DialogContentText>
            {withheld.length ? (
              <FormGroup aria-labelledby="access-columns">
                <FormLabel id="access-columns">Withheld columns of {target?.name} you need</FormLabel>
                {withheld.map((column) => (
                  <FormControlLabel
                    key={column.name}
                    control={
                      <Checkbox
                        checked={columns.includes(column.name)}
                        onChange={(event) =>
                          setColumns((current) =>
                            event.target.checked ? [...current, column.name] : current.filter((c) => c !== column.name),
                          )
                        }
                      />
                    }
                    label={column.name}
                  />
                ))}
              </FormGroup>
            ) : null}
            <TextField
              label="Why you need it"
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              multiline
              minRows={2}
              required
              slotProps={{ htmlInput: { maxLength: 1000 } }}
            />
            {problem ? (
              <Alert severity="error" role="alert">
                {problem}
              </Alert>
            ) : null}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{sent ? 'Close' : 'Cancel'}</Button>
        {sent ? null : (
          <Button variant="contained" onClick={() => void submit()} disabled={loading}>
            {loading ? 'Sending…' : 'Send request'}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
