// File storage's error codes and their HTTP statuses (composed in api/src/app/error-codes.ts).
export const STORAGE_ERRORS = {
  // the disk or object store holding uploaded files cannot be reached or refuses: try again later
  STORAGE_UNAVAILABLE: 503,
} as const;

declare module '../../shared/errors' {
  interface ErrorCodeMaps {
    storage: typeof STORAGE_ERRORS;
  }
}
