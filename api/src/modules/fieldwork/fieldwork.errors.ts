// Fieldwork's error codes and their HTTP statuses (composed in api/src/app/error-codes.ts).
export const FIELDWORK_ERRORS = {
  // a rejection the review rules refuse: attention grounds with fewer than two failed checks, or
  // more than the request's rejection share without a reason to each participant
  REJECTION_NOT_ALLOWED: 422,
} as const;

declare module '../../shared/errors' {
  interface ErrorCodeMaps {
    fieldwork: typeof FIELDWORK_ERRORS;
  }
}
