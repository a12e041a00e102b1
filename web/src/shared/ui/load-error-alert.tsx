import Alert, { type AlertColor } from '@mui/material/Alert';
import Button from '@mui/material/Button';

// Something could not be loaded; Retry asks again. "error" where nothing else of the screen shows.
export function LoadErrorAlert({
  message,
  onRetry,
  severity = 'warning',
}: {
  message: string;
  onRetry: () => void;
  severity?: Extract<AlertColor, 'warning' | 'error'>;
}) {
  return (
    <Alert
      severity={severity}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
