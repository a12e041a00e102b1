// Profile form rules (spec s.5 and CLARIFICATIONS "Accounts").
export type ProfileValues = { nickname: string; oldPassword: string; newPassword: string; confirmPassword: string };
export type ProfileErrors = Partial<Record<keyof ProfileValues, string>>;

const PASSWORD_PATTERN = /^[A-Za-z0-9]{6,}$/;

export function validateProfile(values: ProfileValues): ProfileErrors {
  const errors: ProfileErrors = {};
  if (!values.nickname.trim()) errors.nickname = 'Nickname is required';
  // The password only changes when a new one is entered.
  if (values.newPassword) {
    if (!values.oldPassword) errors.oldPassword = 'Enter your current password';
    if (!PASSWORD_PATTERN.test(values.newPassword)) errors.newPassword = 'Letters and digits, at least 6 characters';
    if (values.confirmPassword !== values.newPassword) errors.confirmPassword = 'The passwords do not match';
  } else if (values.confirmPassword) {
    errors.confirmPassword = 'The passwords do not match';
  }
  return errors;
}
