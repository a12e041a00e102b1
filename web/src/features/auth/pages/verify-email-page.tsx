import MarkEmailRead from '@mui/icons-material/MarkEmailRead';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { LOGIN_PATH } from '../../../shared/session/session-paths';
import { PageLoader } from '../../../shared/ui/page-loader';
import { verifyEmailRequest } from '../auth-requests';
import { AuthCard } from '../components/auth-card';
import { ResendVerificationForm } from '../components/resend-verification-form';

type VerifyState = { status: 'verifying' } | { status: 'verified' } | { status: 'failed'; message: string };

// Landing page of the link in the verification mail: /auth/verify-email?token=...
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<VerifyState>(
    token
      ? { status: 'verifying' }
      : {
          status: 'failed',
          message: 'This link has no verification token. Open the link from the e-mail again, or ask for a new one.',
        },
  );
  const requested = useRef<string | null>(null);

  useEffect(() => {
    // A token works once; React's development double-invocation must not spend it twice.
    if (!token || requested.current === token) return;
    requested.current = token;
    verifyEmailRequest(token)
      .then(() => setState({ status: 'verified' }))
      .catch((error: unknown) => setState({ status: 'failed', message: toApiError(error).message }));
  }, [token]);

  return (
    <AuthCard title="E-mail verification" color={state.status === 'failed' ? 'orange' : 'green'}>
      {state.status === 'verifying' ? <PageLoader label="Verifying your e-mail address…" minHeight={140} /> : null}
      {state.status === 'verified' ? (
        <Box sx={{ textAlign: 'center' }} role="status">
          <MarkEmailRead aria-hidden sx={{ fontSize: 64, color: 'success.main' }} />
          <Typography variant="h6" component="p" sx={{ mt: 1 }}>
            Your e-mail address is verified.
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
            You can log in now.
          </Typography>
          <Button component={RouterLink} to={LOGIN_PATH} variant="contained" color="secondary">
            Go to login
          </Button>
        </Box>
      ) : null}
      {state.status === 'failed' ? (
        <Box>
          <Alert severity="error">{state.message}</Alert>
          <Typography color="text.secondary" sx={{ mt: 2 }}>
            Links are valid for 48 hours and work once. Ask for a new one:
          </Typography>
          <ResendVerificationForm />
          <Box sx={{ textAlign: 'center', mt: 2 }}>
            <Button component={RouterLink} to={LOGIN_PATH}>
              Back to login
            </Button>
          </Box>
        </Box>
      ) : null}
    </AuthCard>
  );
}
