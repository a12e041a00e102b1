// Client-side rules of the auth forms (spec s.5, CLARIFICATIONS "Accounts"). The server checks
// again and its field problems are shown on the same fields.

import type { FormErrors } from '../../shared/forms/use-form';

export type LoginValues = { username: string; password: string };
export type RegisterValues = {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  terms: boolean;
};

// Letters and digits, at least 6: what the registration placeholder promises.
export const PASSWORD_PATTERN = /^[A-Za-z0-9]{6,}$/;
export const PASSWORD_HINT = 'Letters and digits, at least 6 characters';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function validateLogin(values: LoginValues): FormErrors<LoginValues> {
  const errors: FormErrors<LoginValues> = {};
  if (!values.username.trim()) errors.username = 'Enter your username or e-mail';
  if (!values.password) errors.password = 'Enter your password';
  return errors;
}

// The terms checkbox is not validated here: unticked, submit stops silently (spec s.5).
export function validateRegister(values: RegisterValues): FormErrors<RegisterValues> {
  const errors: FormErrors<RegisterValues> = {};
  if (!values.username.trim()) errors.username = 'Choose a username';
  if (!values.email.trim()) errors.email = 'Enter your e-mail address';
  else if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = 'Enter a valid e-mail address';
  if (!values.password) errors.password = 'Choose a password';
  else if (!PASSWORD_PATTERN.test(values.password)) errors.password = PASSWORD_HINT;
  if (!values.confirmPassword) errors.confirmPassword = 'Repeat your password';
  else if (values.confirmPassword !== values.password) errors.confirmPassword = 'The passwords do not match';
  return errors;
}
