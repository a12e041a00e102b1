import type { ApolloClient } from '@apollo/client';
import { redirect } from 'react-router';
import { AuthStatusDocument, MeDocument } from './session.generated';
import { loginPathFor } from './session-paths';

// Loader of every authenticated screen: asks the server whether the cookie is a live session.
// Anonymous callers, and any failed check (spec s.8: "a failed auth status check logs the user
// out"), go to the login page, which brings them back to `returnTo` afterwards.
export async function requireSession(client: ApolloClient, returnTo?: string): Promise<null> {
  let user = null;
  try {
    const { data } = await client.query({ query: AuthStatusDocument, fetchPolicy: 'network-only' });
    user = data?.authStatus.loggedIn ? data.authStatus.user : null;
  } catch (error) {
    console.error('auth status check failed', error);
  }
  if (!user) {
    await client.clearStore();
    throw redirect(loginPathFor(returnTo));
  }
  // The layout reads `me`; seeding it saves a second round trip on entry.
  client.writeQuery({ query: MeDocument, data: { me: user } });
  return null;
}
