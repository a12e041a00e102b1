import { HttpResponse, type GraphQLResponseBody } from 'msw';
import type { SessionUserFragment } from '../gql/graphql';

// Test data builders: sensible defaults, overridable per test.
export function buildProfile(
  overrides: Partial<SessionUserFragment> = {},
): SessionUserFragment & { __typename: 'Profile' } {
  return {
    __typename: 'Profile',
    id: 'b5f0c1de-0000-4000-8000-000000000001',
    username: 'ada',
    email: 'ada@example.com',
    nickname: 'Ada',
    avatarUrl: null,
    credit: 12,
    guest: false,
    emailVerified: true,
    ...overrides,
  };
}

let keySeq = 0;
export function buildKey(overrides: Partial<{ id: string; title: string; createdAt: string }> = {}) {
  keySeq += 1;
  return {
    __typename: 'Key' as const,
    id: keySeq.toString(16).padStart(32, '0'),
    title: `Key ${keySeq}`,
    createdAt: '2026-01-02T10:00:00.000Z',
    ...overrides,
  };
}

export function buildNotification(id: string, notification: string) {
  return { __typename: 'Notification' as const, id, notification, createdAt: '2026-01-02T10:00:00.000Z' };
}

// A GraphQL error response in the API's shape (code in extensions, field details for bad input).
// Generic so it fits the typed resolver of any operation.
export function graphQLError<Data extends Record<string, unknown> = Record<string, unknown>>(
  code: string,
  message: string,
  details?: { path: string; message: string }[],
) {
  return HttpResponse.json<GraphQLResponseBody<Data>>({
    data: null,
    errors: [{ message, extensions: { code, ...(details ? { details } : {}) } }],
  });
}
