// The privacy module's error codes and their HTTP statuses (composed in api/src/app/error-codes.ts).
export const PRIVACY_ERRORS = {
  // the caller has spent their differential privacy budget on a data set (its uploader can raise it)
  PRIVACY_BUDGET: 403,
} as const;

declare module '../../shared/errors' {
  interface ErrorCodeMaps {
    privacy: typeof PRIVACY_ERRORS;
  }
}
