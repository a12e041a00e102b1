import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { preloadApolloClient } from '../../../shared/apollo/apollo-client';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import type { FormErrors } from '../../../shared/forms/use-form';
import { LOGIN_PATH } from '../../../shared/session/session-paths';
import { registerRequest } from '../auth-requests';
import type { RegisterValues } from '../auth-validation';
import { AuthCard } from '../components/auth-card';
import { RegisterForm } from '../components/register-form';
import { RegisterHighlights } from '../components/register-highlights';
import { RegisterResultDialogs, type RegisterOutcome } from '../components/register-result-dialogs';
import { SocialSignUp } from '../components/social-sign-up';

// A CONFLICT names the taken field only in its message; map it so the field turns red too.
function conflictField(message: string): keyof RegisterValues | null {
  if (/username/i.test(message)) return 'username';
  if (/e-?mail/i.test(message)) return 'email';
  return null;
}

export function RegisterPage() {
  const navigate = useNavigate();
  useEffect(preloadApolloClient, []);
  const [outcome, setOutcome] = useState<RegisterOutcome | null>(null);

  const onRegister = async (values: RegisterValues): Promise<FormErrors<RegisterValues>> => {
    try {
      const result = await registerRequest({
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      setOutcome({ kind: 'registered', guest: result.guest, email: result.user.email });
      return {};
    } catch (error) {
      const apiError = toApiError(error);
      console.error('registration failed', apiError);
      const fields: FormErrors<RegisterValues> = {};
      for (const key of ['username', 'email', 'password'] as const) {
        if (apiError.fields[key]) fields[key] = apiError.fields[key];
      }
      const taken = apiError.code === 'CONFLICT' ? conflictField(apiError.message) : null;
      if (taken) fields[taken] = apiError.message;
      // Field problems show on their fields; the dialog repeats only what has no field.
      setOutcome({ kind: 'failed', serverMessage: Object.keys(apiError.fields).length > 0 ? '' : apiError.message });
      return fields;
    }
  };

  return (
    <>
      <AuthCard title="Register" titleId="register-title" color="rose" maxWidth={920}>
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
            gap: { xs: 3, md: 6 },
            alignItems: 'start',
            pt: 1,
          }}
        >
          <Box sx={{ order: { xs: 2, md: 1 }, pt: { md: 2 } }}>
            <RegisterHighlights />
          </Box>
          <Box sx={{ order: { xs: 1, md: 2 } }}>
            <SocialSignUp />
            <RegisterForm onRegister={onRegister} />
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', mt: 2 }}>
              Already registered?{' '}
              <Link component={RouterLink} to={LOGIN_PATH}>
                Log in
              </Link>
            </Typography>
          </Box>
        </Box>
      </AuthCard>
      <RegisterResultDialogs
        outcome={outcome}
        onSuccessOk={() => void navigate(LOGIN_PATH)}
        onFailureClose={() => setOutcome(null)}
      />
    </>
  );
}
