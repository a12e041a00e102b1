// The surveys module's error codes and their HTTP statuses (composed in api/src/app/error-codes.ts).
export const SURVEYS_ERRORS = {
  // a phone client that knows only survey format version 1 asked for (or answered) a survey that
  // uses newer question types: it must update and send surveyVersion=2 (docs/api/phone.md)
  CLIENT_UPDATE_REQUIRED: 409,
} as const;

declare module '../../shared/errors' {
  interface ErrorCodeMaps {
    surveys: typeof SURVEYS_ERRORS;
  }
}
