// The open pages' calls to the API. They run through the shared Apollo client, loaded on demand
// (see shared/apollo/apollo-client.ts), so these pages render before Apollo has downloaded.
import {
  LoginDocument,
  LogoutDocument,
  RegisterDocument,
  ResendVerificationEmailDocument,
  VerifyEmailDocument,
  type RegisterMutation,
} from './auth.generated';
import { getApolloClient } from '../../shared/apollo/apollo-client';

export async function loginRequest(username: string, password: string): Promise<void> {
  const client = await getApolloClient();
  // Anything cached belongs to whoever was signed in before.
  await client.clearStore();
  await client.mutate({ mutation: LoginDocument, variables: { input: { username, password } } });
}

export async function registerRequest(input: {
  username: string;
  email: string;
  password: string;
}): Promise<RegisterMutation['register']> {
  const client = await getApolloClient();
  const { data } = await client.mutate({ mutation: RegisterDocument, variables: { input } });
  if (!data) throw new Error('The server did not confirm the registration.');
  return data.register;
}

export async function logoutRequest(): Promise<void> {
  const client = await getApolloClient();
  try {
    await client.mutate({ mutation: LogoutDocument });
  } finally {
    await client.clearStore();
  }
}

export async function verifyEmailRequest(token: string): Promise<void> {
  const client = await getApolloClient();
  await client.mutate({ mutation: VerifyEmailDocument, variables: { token } });
}

export async function resendVerificationRequest(email: string): Promise<void> {
  const client = await getApolloClient();
  await client.mutate({ mutation: ResendVerificationEmailDocument, variables: { email } });
}
