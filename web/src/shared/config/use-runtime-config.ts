import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { RuntimeConfigDocument } from './runtime-config.generated';
import { parseRuntimeConfig, type RuntimeConfig } from './runtime-config';

export type RuntimeConfigState = {
  config: RuntimeConfig | null;
  loading: boolean;
  // The server could not be asked; screens show it and offer a retry.
  error: Error | null;
  refetch: () => void;
};

// The runtime settings for screens under an ApolloProvider (one request per page load).
export function useRuntimeConfig(): RuntimeConfigState {
  const { data, loading, error, refetch } = useQuery(RuntimeConfigDocument, { fetchPolicy: 'cache-first' });
  const config = useMemo(() => (data ? parseRuntimeConfig(data.runtimeConfig) : null), [data]);
  return { config, loading, error: error ?? null, refetch: () => void refetch() };
}
