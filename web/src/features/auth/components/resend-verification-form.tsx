import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState, type FormEvent } from 'react';
import { toApiError } from '../../../shared/apollo/graphql-errors';
import { FormTextField } from '../../../shared/ui/form-text-field';
import { resendVerificationRequest } from '../auth-requests';

// Asks for a fresh verification mail. The server answers the same whether or not the address
// has an unverified account, so the confirmation is worded accordingly.
export function ResendVerificationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const trimmed = email.trim();
    if (!trimmed) {
      setFieldError('Enter the e-mail address you registered with');
      return;
    }
    setFieldError(null);
    setSending(true);
    try {
      await resendVerificationRequest(trimmed);
      setResult({
        ok: true,
        message: `If ${trimmed} belongs to an unverified account, a new verification e-mail is on its way.`,
      });
    } catch (error) {
      const apiError = toApiError(error);
      setResult({ ok: false, message: apiError.fields.email ?? apiError.message });
    } finally {
      setSending(false);
    }
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      sx={{ mt: 2, textAlign: 'left' }}
      aria-label="Resend verification e-mail"
    >
      <FormTextField
        label="E-mail address"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={Boolean(fieldError)}
        helperText={fieldError ?? ' '}
      />
      <Button
        type="submit"
        variant="outlined"
        fullWidth
        disabled={sending}
        startIcon={sending ? <CircularProgress size={16} /> : null}
      >
        Resend verification e-mail
      </Button>
      {result ? (
        <Alert severity={result.ok ? 'success' : 'error'} sx={{ mt: 2 }}>
          {result.message}
        </Alert>
      ) : null}
    </Box>
  );
}
