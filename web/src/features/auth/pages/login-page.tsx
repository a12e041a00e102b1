import Face from '@mui/icons-material/Face';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { preloadApolloClient } from '../../../shared/apollo/apollo-client';
import type { ApiError } from '../../../shared/apollo/graphql-errors';
import { useForm } from '../../../shared/forms/use-form';
import { RETURN_PARAM, safeReturnPath } from '../../../shared/session/session-paths';
import { FieldAdornment, FormTextField } from '../../../shared/ui/form-text-field';
import { validateLogin, type LoginValues } from '../auth-validation';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/password-field';

// The failure dialog (MUI's Dialog, Modal and the resend form) loads when the first login is sent,
// so the login page's first paint does not wait for it.
const loadFailedDialog = () => import('../components/login-failed-dialog');
const LoginFailedDialog = lazy(async () => ({ default: (await loadFailedDialog()).LoginFailedDialog }));

export function LoginPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnPath(searchParams.get(RETURN_PARAM));
  const [failure, setFailure] = useState<ApiError | null>(null);
  // mounted from the first failure on, so it keeps its closing transition afterwards
  const [dialogWanted, setDialogWanted] = useState(false);
  useEffect(preloadApolloClient, []);

  const form = useForm<LoginValues>({
    initialValues: { username: '', password: '' },
    validate: validateLogin,
    onSubmit: async (values) => {
      void loadFailedDialog();
      // (the API calls load with Apollo, which starts loading once the page is up)
      const [{ loginRequest }, { toApiError }] = await Promise.all([
        import('../auth-requests'),
        import('../../../shared/apollo/graphql-errors'),
      ]);
      try {
        await loginRequest(values.username.trim(), values.password);
      } catch (error) {
        setDialogWanted(true);
        setFailure(toApiError(error));
        return;
      }
      // Spec s.2: a successful login goes to "/", which leads to the dashboard; a screen that sent
      // the visitor here (e.g. the checkout chosen on the pricing page) gets them back instead.
      await navigate(returnTo ?? '/');
    },
  });

  return (
    <>
      <AuthCard title="Log in" titleId="login-title" color="rose">
        <Box component="form" noValidate aria-labelledby="login-title" onSubmit={form.handleSubmit}>
          <FormTextField
            id="login-username"
            label="Username or e-mail"
            autoComplete="username"
            autoFocus
            {...form.field('username')}
            endAdornment={
              <FieldAdornment>
                <Face color="action" />
              </FieldAdornment>
            }
          />
          <PasswordField
            id="login-password"
            label="Password"
            autoComplete="current-password"
            {...form.field('password')}
          />
          <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
            <Button
              type="submit"
              color="secondary"
              size="large"
              disabled={form.isSubmitting}
              startIcon={form.isSubmitting ? <CircularProgress size={18} color="inherit" /> : <LockOutlined />}
              sx={{ fontSize: '1rem', px: 4 }}
            >
              {"Let's Go"}
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 2 }}>
            New to Parley?{' '}
            <Link component={RouterLink} to="/auth/register-page">
              Create an account
            </Link>
          </Typography>
        </Box>
      </AuthCard>
      {dialogWanted ? (
        <Suspense fallback={null}>
          <LoginFailedDialog error={failure} username={form.values.username} onClose={() => setFailure(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
