import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { MessageDialog } from './message-dialog';

type Props = {
  // What is about to be deleted, named in the question; null closes the dialog.
  subject: string | null;
  // What deleting it means; by default, a request deleted with its responses.
  message?: string;
  deleting: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
};

// The spec's delete confirmation: "Are you sure?" with a "Yes, delete it!" button.
export function ConfirmDeleteDialog({ subject, message, deleting, error, onCancel, onConfirm }: Props) {
  return (
    <MessageDialog
      open={subject !== null}
      severity="warning"
      title="Are you sure?"
      message={message ?? <>“{subject}” will be deleted with its responses. You won't be able to revert this.</>}
      confirmLabel="Cancel"
      onConfirm={deleting ? () => {} : onCancel}
      actions={
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          disabled={deleting}
          startIcon={deleting ? <CircularProgress size={16} color="inherit" /> : null}
        >
          Yes, delete it!
        </Button>
      }
    >
      {error ? (
        <Alert severity="error" sx={{ mt: 2, textAlign: 'left' }}>
          {error}
        </Alert>
      ) : null}
    </MessageDialog>
  );
}
