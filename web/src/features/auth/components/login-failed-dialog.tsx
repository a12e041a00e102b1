import type { ApiError } from '../../../shared/apollo/graphql-errors';
import { MessageDialog } from '../../../shared/ui/message-dialog';
import { ResendVerificationForm } from './resend-verification-form';

export const LOGIN_FAILED_TITLE = 'Login failed';
export const LOGIN_FAILED_TEXT = 'Please enter the correct login information';

type Props = { error: ApiError | null; username: string; onClose: () => void };

// Wrong credentials get the spec's wording; other causes (unverified e-mail, too many attempts,
// no connection) show what actually happened, since "correct information" would not help.
export function LoginFailedDialog({ error, username, onClose }: Props) {
  const credentialsProblem = !error || error.code === 'UNAUTHENTICATED' || error.code === 'BAD_USER_INPUT';
  const unverified = error?.code === 'EMAIL_NOT_VERIFIED';
  return (
    <MessageDialog
      open={error !== null}
      severity={unverified ? 'warning' : 'danger'}
      title={LOGIN_FAILED_TITLE}
      message={credentialsProblem ? LOGIN_FAILED_TEXT : error.message}
      onConfirm={onClose}
    >
      {unverified ? <ResendVerificationForm initialEmail={username.includes('@') ? username.trim() : ''} /> : null}
    </MessageDialog>
  );
}
