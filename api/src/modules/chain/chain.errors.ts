// The chain's error codes and their HTTP statuses (composed in api/src/app/error-codes.ts).
export const CHAIN_ERRORS = {
  // the chain is not configured, not reachable, or has no contracts at the configured addresses
  CHAIN_UNAVAILABLE: 503,
} as const;

declare module '../../shared/errors' {
  interface ErrorCodeMaps {
    chain: typeof CHAIN_ERRORS;
  }
}
