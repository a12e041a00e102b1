import { useQuery } from '@apollo/client/react';
import { MeDocument, type SessionUserFragment } from './session.generated';

export type SessionUser = SessionUserFragment;

// The signed-in user for screens under the session guard (the guard seeds the cache).
export function useSessionUser(): { user: SessionUser | null; loading: boolean } {
  const { data, loading } = useQuery(MeDocument, { fetchPolicy: 'cache-first' });
  return { user: data?.me ?? null, loading };
}
