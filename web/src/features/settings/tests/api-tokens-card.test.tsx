import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiTokensDocument, CreateApiTokenDocument, RevokeApiTokenDocument } from '../api-tokens.generated';
import { ChangePasswordDocument } from '../settings.generated';
import { buildApiToken, buildProfile, graphQLError } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { givenKeys, givenSignedInSession, renderApp } from '../../../test/render-app';
import { enterText } from '../../../test/enter-text';

type Token = ReturnType<typeof buildApiToken>;

// A tiny server-side token table: the list, revoking one, revoking all on a password change.
function givenTokenServer(initial: Token[]) {
  let tokens = initial;
  const calls = { revoked: [] as string[], created: [] as string[], listed: 0 };
  server.use(
    graphql.query(ApiTokensDocument, () => {
      calls.listed += 1;
      return HttpResponse.json({ data: { apiTokens: tokens } });
    }),
    graphql.mutation(RevokeApiTokenDocument, ({ variables }) => {
      calls.revoked.push(variables.id);
      tokens = tokens.map((t) => (t.id === variables.id ? { ...t, revokedAt: '2026-02-01T09:00:00.000Z' } : t));
      return HttpResponse.json({ data: { revokeApiToken: true } });
    }),
    graphql.mutation(CreateApiTokenDocument, ({ variables }) => {
      calls.created.push(variables.input.name);
      if (variables.input.name === 'taken')
        return graphQLError('CONFLICT', 'You can have at most 20 active API tokens');
      const apiToken = buildApiToken({ name: variables.input.name });
      tokens = [apiToken, ...tokens];
      return HttpResponse.json({ data: { createApiToken: { token: `${apiToken.prefix}SECRETsecret`, apiToken } } });
    }),
    graphql.mutation(ChangePasswordDocument, () => {
      tokens = tokens.map((t) => ({ ...t, revokedAt: t.revokedAt ?? '2026-02-01T10:00:00.000Z' }));
      return HttpResponse.json({ data: { changePassword: true } });
    }),
  );
  return calls;
}

async function openSettings() {
  givenSignedInSession(buildProfile({ nickname: 'Ada' }));
  givenKeys();
  const view = renderApp('/admin/settings');
  await screen.findByRole('heading', { name: 'API Tokens' });
  return view;
}

const rowOf = (name: string) =>
  screen.getAllByRole('row').find((row) => within(row).queryByText(name, { exact: true })) as HTMLElement;

describe('settings: API tokens', () => {
  it('lists the tokens with their state, and revokes one after a confirmation', async () => {
    const calls = givenTokenServer([
      buildApiToken({ name: 'CRM sync', lastUsedAt: '2026-01-20T08:30:00.000Z' }),
      buildApiToken({ name: 'Old script', revokedAt: '2026-01-10T12:00:00.000Z' }),
    ]);
    const { user } = await openSettings();

    const table = await screen.findByRole('table', { name: 'API Tokens' });
    expect(within(table).getByText('CRM sync')).toBeInTheDocument();
    expect(within(rowOf('Old script')).getByText(/^Revoked /)).toBeInTheDocument();
    expect(within(rowOf('Old script')).queryByRole('button')).toBeNull();
    expect(within(rowOf('CRM sync')).queryByText(/^Revoked /)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Revoke token CRM sync' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke this token?' });
    expect(dialog).toHaveTextContent('Integrations using “CRM sync” stop working at once.');
    // cancelling revokes nothing
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.revoked).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke token CRM sync' }));
    await user.click(
      within(await screen.findByRole('alertdialog', { name: 'Revoke this token?' })).getByRole('button', {
        name: 'Revoke',
      }),
    );
    await waitFor(() => expect(within(rowOf('CRM sync')).getByText(/^Revoked /)).toBeInTheDocument());
    expect(calls.revoked).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Revoke token/ })).toBeNull();
  });

  it('shows a new token once and lists it', async () => {
    const calls = givenTokenServer([]);
    const { user } = await openSettings();
    expect(await screen.findByText('No API tokens yet.')).toBeInTheDocument();

    const form = screen.getByRole('form', { name: 'Create an API token' });
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('Name is required')).toBeInTheDocument();
    expect(calls.created).toEqual([]);

    await enterText(user, within(form).getByLabelText('Token name'), 'taken');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await within(form).findByText('You can have at most 20 active API tokens')).toBeInTheDocument();

    await user.clear(within(form).getByLabelText('Token name'));
    await enterText(user, within(form).getByLabelText('Token name'), 'Billing export');
    await user.click(within(form).getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText(/it is shown only this once/)).toHaveTextContent('Billing export');
    expect(screen.getByLabelText('New API token')).toHaveTextContent(/^prl_ab\d{4}SECRETsecret$/);
    expect(await screen.findByRole('button', { name: 'Revoke token Billing export' })).toBeInTheDocument();
  });

  it('says that a password change revokes the tokens, and shows them revoked', async () => {
    givenTokenServer([buildApiToken({ name: 'CRM sync' })]);
    const { user } = await openSettings();
    expect(await screen.findByRole('button', { name: 'Revoke token CRM sync' })).toBeInTheDocument();

    const profile = screen.getByRole('form', { name: 'Edit profile' });
    await enterText(user, screen.getByLabelText('Old password'), 'secret1');
    await enterText(user, screen.getByLabelText('New password'), 'secret22');
    await enterText(user, screen.getByLabelText('Confirm password'), 'secret22');
    await user.click(within(profile).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText(
        'Your profile has been saved. Your password was changed: your other sessions have ended and all your API tokens have been revoked.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(within(rowOf('CRM sync')).getByText(/^Revoked /)).toBeInTheDocument());
  });
});
