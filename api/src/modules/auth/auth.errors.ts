// The accounts' error codes and their HTTP statuses (composed in api/src/app/error-codes.ts).
export const AUTH_ERRORS = {
  // the account's e-mail address is not verified yet
  EMAIL_NOT_VERIFIED: 403,
} as const;

declare module '../../shared/errors' {
  interface ErrorCodeMaps {
    auth: typeof AUTH_ERRORS;
  }
}
