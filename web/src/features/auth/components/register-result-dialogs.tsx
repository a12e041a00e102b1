import Typography from '@mui/material/Typography';
import { MessageDialog } from '../../../shared/ui/message-dialog';

export type RegisterOutcome =
  { kind: 'registered'; guest: boolean; email: string } | { kind: 'failed'; serverMessage: string };

export const REGISTER_FAILED_TITLE = 'Register failed';
export const REGISTER_FAILED_TEXT = 'Please fix the problem on the registration form and try again.';

type Props = { outcome: RegisterOutcome | null; onSuccessOk: () => void; onFailureClose: () => void };

export function RegisterResultDialogs({ outcome, onSuccessOk, onFailureClose }: Props) {
  const registered = outcome?.kind === 'registered' ? outcome : null;
  const failed = outcome?.kind === 'failed' ? outcome : null;
  return (
    <>
      <MessageDialog
        open={registered !== null}
        severity="success"
        title="Congratulations!"
        message={
          registered?.guest
            ? 'You have been registered. You can log in now.'
            : `We have sent a verification e-mail to ${registered?.email ?? 'your address'}. Please verify your e-mail address before you log in.`
        }
        onConfirm={onSuccessOk}
      />
      <MessageDialog
        open={failed !== null}
        severity="danger"
        title={REGISTER_FAILED_TITLE}
        message={REGISTER_FAILED_TEXT}
        onConfirm={onFailureClose}
      >
        {failed?.serverMessage ? (
          <Typography variant="body2" sx={{ mt: 1.5, color: 'error.main' }}>
            {failed.serverMessage}
          </Typography>
        ) : null}
      </MessageDialog>
    </>
  );
}
