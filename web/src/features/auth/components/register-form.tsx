import AlternateEmail from '@mui/icons-material/AlternateEmail';
import Face from '@mui/icons-material/Face';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useForm, type FormErrors } from '../../../shared/forms/use-form';
import { FieldAdornment, FormTextField } from '../../../shared/ui/form-text-field';
import { PASSWORD_HINT, validateRegister, type RegisterValues } from '../auth-validation';
import { PasswordField } from './password-field';

type Props = {
  // Resolves with server field problems to show on the form (empty when it succeeded).
  onRegister: (values: RegisterValues) => Promise<FormErrors<RegisterValues>>;
};

const INITIAL: RegisterValues = { username: '', email: '', password: '', confirmPassword: '', terms: false };

export function RegisterForm({ onRegister }: Props) {
  const form = useForm<RegisterValues>({
    initialValues: INITIAL,
    validate: validateRegister,
    onSubmit: async (values, { setErrors }) => {
      // Spec s.5: without the terms ticked the submit stops silently.
      if (!values.terms) return;
      const problems = await onRegister(values);
      if (Object.keys(problems).length > 0) setErrors(problems);
    },
  });

  return (
    <Box component="form" noValidate aria-label="Registration" onSubmit={form.handleSubmit}>
      <FormTextField
        id="register-username"
        label="Username"
        autoComplete="username"
        {...form.field('username')}
        endAdornment={
          <FieldAdornment>
            <Face color="action" />
          </FieldAdornment>
        }
      />
      <FormTextField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        {...form.field('email')}
        endAdornment={
          <FieldAdornment>
            <AlternateEmail color="action" />
          </FieldAdornment>
        }
      />
      <PasswordField
        id="register-password"
        label="Password"
        placeholder="Letters and digits, 6 or more"
        autoComplete="new-password"
        shrinkLabel
        {...form.field('password', PASSWORD_HINT)}
      />
      <PasswordField
        id="register-confirm-password"
        label="Confirm Password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
      />
      <FormControlLabel
        sx={{ mt: 1, alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
        control={<Checkbox name="terms" checked={form.values.terms} onChange={form.handleChange} color="primary" />}
        label="I agree to the terms and conditions (required to sign up)."
      />
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
        <Button
          type="submit"
          variant="contained"
          color="secondary"
          size="large"
          disabled={form.isSubmitting}
          startIcon={form.isSubmitting ? <CircularProgress size={18} color="inherit" /> : null}
          sx={{ borderRadius: 8, px: 5 }}
        >
          Get started
        </Button>
      </Box>
    </Box>
  );
}
