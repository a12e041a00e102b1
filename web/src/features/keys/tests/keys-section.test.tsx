import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PRIVATE_KEY_STORAGE_PREFIX } from '../../../crypto/key-storage';
import { CreateKeyDocument, DeleteKeyDocument } from '../keys.generated';
import type { CreateKeyInput } from '../../../gql/types';
import { buildKey, buildProfile } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { givenKeys, givenSignedInSession, renderApp } from '../../../test/render-app';
import { createKeyPairDraft } from '../key-pair-drafts';

// Every createKey request as the server received it (raw JSON body, to search for secrets).
function recordCreateKey() {
  const calls: { input: CreateKeyInput; body: string }[] = [];
  server.use(
    graphql.mutation(CreateKeyDocument, async ({ variables, request }) => {
      calls.push({ input: variables.input, body: await request.clone().text() });
      const key = {
        __typename: 'Key',
        id: variables.input.id ?? 'f'.repeat(32),
        title: variables.input.title,
        createdAt: '2026-02-03T04:05:06.000Z',
      };
      return HttpResponse.json({ data: { createKey: key } });
    }),
  );
  return calls;
}

async function openSettings(keys = [buildKey({ id: '0123456789abcdef0123456789abcdef', title: 'Laptop' })]) {
  givenSignedInSession(buildProfile());
  givenKeys(keys);
  const view = renderApp('/admin/settings');
  await screen.findByRole('heading', { name: 'Available Keys' });
  return view;
}

const pemFile = (text: string, name: string) => new File([text], name, { type: 'application/x-pem-file' });

describe('settings: keys', () => {
  it('lists keys with the id as colon-separated hex pairs', async () => {
    await openSettings();
    const table = await screen.findByRole('table', { name: 'Available Keys' });
    expect(within(table).getByRole('columnheader', { name: 'Title' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Created' })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Action' })).toBeInTheDocument();
    expect(await within(table).findByText('Laptop')).toBeInTheDocument();
    expect(within(table).getByText('01:23:45:67:89:ab:cd:ef:01:23:45:67:89:ab:cd:ef')).toBeInTheDocument();
  });

  it('generates a pair in the browser, sends only the public key and keeps the private key under the returned id', async () => {
    const calls = recordCreateKey();
    const { user } = await openSettings([]);
    const panel = screen.getByRole('form', { name: 'Generate key pair' });

    await user.click(within(panel).getByRole('button', { name: 'Generate key pair' }));
    const publicPem = (await within(panel).findByLabelText('Public key (PEM)')) as HTMLTextAreaElement;
    const privatePem = within(panel).getByLabelText('Private key (PEM)') as HTMLTextAreaElement;
    expect(publicPem.value).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(privatePem.value).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(within(panel).getByLabelText('Public key file name')).toHaveValue('publicKey.txt');
    expect(within(panel).getByLabelText('Private key file name')).toHaveValue('privateKey.txt');
    expect(within(panel).getByRole('button', { name: 'Download public key' })).toBeEnabled();
    expect(within(panel).getByRole('button', { name: 'Download private key' })).toBeEnabled();

    // a title is required
    await user.click(within(panel).getByRole('button', { name: 'Save key' }));
    expect(within(panel).getByText('Give the key a title')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    await user.type(within(panel).getByLabelText(/Key title/), 'Work laptop');
    await user.click(within(panel).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(calls).toHaveLength(1));

    const [{ input, body }] = calls;
    expect(input.title).toBe('Work laptop');
    expect(input.publicKey).toBe(publicPem.value);
    expect(body).not.toContain('PRIVATE KEY');
    expect(body).not.toContain(privatePem.value.split('\n')[1]);
    const keyId = input.id as string;
    expect(localStorage.getItem(`${PRIVATE_KEY_STORAGE_PREFIX}${keyId}`)).toBe(privatePem.value);

    expect(await within(panel).findByText(/Key saved\./)).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Available Keys' });
    expect(within(table).getByText('Work laptop')).toBeInTheDocument();
    expect(within(table).getByText('Private key in this browser')).toBeInTheDocument();
  });

  it('rejects key files that do not belong together, and saves a matching pair', async () => {
    const calls = recordCreateKey();
    const { user } = await openSettings([]);
    await user.click(screen.getByRole('tab', { name: 'Load Key Pair' }));
    const panel = screen.getByRole('form', { name: 'Load key pair' });
    const [first, second] = await Promise.all([createKeyPairDraft(), createKeyPairDraft()]);

    await user.type(within(panel).getByLabelText(/Key title/), 'Old pair');
    await user.upload(
      within(panel).getByLabelText('Public key file (.pem)'),
      pemFile(first.publicKeyPem, 'public.pem'),
    );
    await user.upload(
      within(panel).getByLabelText('Private key file (.pem)'),
      pemFile(second.privateKeyPem, 'private.pem'),
    );
    expect(await within(panel).findByText(/do not belong together/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Save key' })).toBeDisabled();

    // a private key in the public slot is named as such
    await user.upload(
      within(panel).getByLabelText('Public key file (.pem)'),
      pemFile(second.privateKeyPem, 'swapped.pem'),
    );
    expect(
      await within(panel).findByText('This file holds a private key. Choose the public key file here.'),
    ).toBeInTheDocument();

    // only .pem files are taken, even when the file dialog's filter is bypassed
    const unfiltered = userEvent.setup({ applyAccept: false });
    await unfiltered.upload(
      within(panel).getByLabelText('Public key file (.pem)'),
      pemFile(second.publicKeyPem, 'public.txt'),
    );
    expect(await within(panel).findByText('public.txt is not a .pem file.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Save key' })).toBeDisabled();

    await user.upload(
      within(panel).getByLabelText('Public key file (.pem)'),
      pemFile(second.publicKeyPem, 'public.pem'),
    );
    expect(await within(panel).findByText(/The files belong together/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].input).toEqual({ title: 'Old pair', publicKey: second.publicKeyPem, id: second.keyId });
    expect(calls[0].body).not.toContain('PRIVATE KEY');
    expect(localStorage.getItem(`${PRIVATE_KEY_STORAGE_PREFIX}${second.keyId}`)).toBe(second.privateKeyPem);
  });

  it('deletes a key after confirmation and forgets its private half', async () => {
    const id = 'aa'.repeat(16);
    localStorage.setItem(
      `${PRIVATE_KEY_STORAGE_PREFIX}${id}`,
      '-----BEGIN PRIVATE KEY-----\nAA==\n-----END PRIVATE KEY-----\n',
    );
    const deleted: string[] = [];
    server.use(
      graphql.mutation(DeleteKeyDocument, ({ variables }) => {
        deleted.push(variables.id);
        return HttpResponse.json({ data: { deleteKey: true } });
      }),
    );
    const { user } = await openSettings([buildKey({ id, title: 'Phone' })]);

    await user.click(await screen.findByRole('button', { name: 'Delete key Phone' }));
    const dialog = await screen.findByRole('dialog', { name: /Delete key/ });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByText('Phone')).not.toBeInTheDocument());
    expect(deleted).toEqual([id]);
    expect(localStorage.getItem(`${PRIVATE_KEY_STORAGE_PREFIX}${id}`)).toBeNull();
    expect(screen.getByText('No keys yet')).toBeInTheDocument();
  });
});
