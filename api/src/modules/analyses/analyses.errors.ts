// The clean-room analyses' error codes and their HTTP statuses (composed in api/src/app/error-codes.ts).
export const ANALYSES_ERRORS = {
  // join conditions (sqlWhere): nested deeper than 3 groups, a column the data sets do not have,
  // tokens of two different join domains, SQL text instead of the JSON tree, or any other
  // malformed tree
  CONDITION_TOO_DEEP: 400,
  UNKNOWN_COLUMN: 400,
  DOMAIN_MISMATCH: 400,
  SQL_NOT_ALLOWED: 400,
  INVALID_CONDITION: 400,
  // a data set's analysis rule (chosen by its uploader) does not allow this to a partner
  ANALYSIS_RULE: 403,
} as const;

declare module '../../shared/errors' {
  interface ErrorCodeMaps {
    analyses: typeof ANALYSES_ERRORS;
  }
}
