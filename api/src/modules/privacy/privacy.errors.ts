// The privacy module's error codes and their HTTP statuses (composed in api/src/error-codes.ts).
export const PRIVACY_ERRORS = {
  // the caller has spent their differential privacy budget on a data set (its uploader can raise it)
  PRIVACY_BUDGET: 403,
} as const;
