import { z } from 'zod';
import { trimmed } from '../../shared/validation';

// The commands of the auth service, in the domain's words: REST routes take them as they are
// (auth.rest.ts) and GraphQL resolvers parse with them (parseArgs).

// Letters and digits, at least 6 (the registration placeholder's promise), capped against abuse.
export const passwordSchema = z
  .string()
  .min(6, 'Password must be at least 6 characters')
  .max(128, 'Password must be at most 128 characters')
  .regex(/^[A-Za-z0-9]+$/, 'Password may contain only letters and digits')
  .describe('6 to 128 letters and digits');

export const usernameSchema = z
  .string()
  .trim()
  .min(3, 'Username must be at least 3 characters')
  .max(32, 'Username must be at most 32 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'Username may contain only letters, digits, dot, dash and underscore')
  .describe('3 to 32 letters, digits, dots, dashes and underscores (spaces at the ends are trimmed)');

export const emailSchema = z
  .string()
  .trim()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Email must be a valid e-mail address'))
  .transform((e) => e.toLowerCase())
  .describe('an e-mail address, at most 254 characters (trimmed; compared in lower case)');

export const registerCommand = z.strictObject({
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
  // the secret of a room invitation link: the account is a guest, verified by the link
  invite: z
    .string()
    .min(16)
    .max(200)
    .nullish()
    .describe('the secret of a room invitation link, when signing up through one (the account is then verified by it)'),
});
export type RegisterCommand = z.infer<typeof registerCommand>;

export const loginCommand = z.strictObject({
  username: trimmed(254, 'Username').describe('your username or your e-mail address'),
  password: z.string().min(1, 'Password is required').max(1024, 'Password is too long').describe('your password'),
});
export type LoginCommand = z.infer<typeof loginCommand>;

export const changePasswordCommand = z
  .strictObject({
    oldPassword: z
      .string()
      .min(1, 'Old password is required')
      .max(1024, 'Old password is too long')
      .describe('your current password'),
    newPassword: passwordSchema.describe('the new password: 6 to 128 letters and digits'),
    // optional on the legacy REST path (its client checks it), required by the GraphQL input
    confirmPassword: z.string().max(1024).optional().describe('the new password again; refused when it differs'),
  })
  .refine((v) => v.confirmPassword === undefined || v.confirmPassword === v.newPassword, {
    path: ['confirmPassword'],
    message: 'Password confirmation does not match',
  });
export type ChangePasswordCommand = z.infer<typeof changePasswordCommand>;

export const verifyEmailCommand = z.strictObject({
  token: z.string().min(10).max(200).describe('the token from the verification link in the e-mail'),
});
export type VerifyEmailCommand = z.infer<typeof verifyEmailCommand>;

/**
 * Who asks for a fresh verification link: the address, normalised by emailSchema. Its callers parse
 * the bare address with emailSchema (parseInput), so a problem reads "(input): ..." as it always has.
 */
export type ResendVerificationCommand = { email: z.output<typeof emailSchema> };
