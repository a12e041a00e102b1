import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { createKeyBackup, openKeyBackup } from '../../../crypto/key-backup';
import type * as KeyBackup from '../../../crypto/key-backup';
import { PRIVATE_KEY_STORAGE_PREFIX } from '../../../crypto/key-storage';
import { CreateKeyDocument, DeleteKeyDocument, KeysDocument } from '../keys.generated';
import type { CreateKeyInput } from '../../../gql/types';
import { buildKey, buildProfile } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { givenKeys, givenSignedInSession, renderApp } from '../../../test/render-app';
import { createKeyPairDraft } from '../key-pair-drafts';
import { enterText } from '../../../test/enter-text';

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

async function openSettings(
  keys: Parameters<typeof givenKeys>[0] = [buildKey({ id: '0123456789abcdef0123456789abcdef', title: 'Laptop' })],
) {
  givenSignedInSession(buildProfile());
  givenKeys(keys);
  const view = renderApp('/admin/settings');
  await screen.findByRole('heading', { name: 'Available Keys' });
  return view;
}

// The backup dialog's flow at a scrypt cost a busy CI machine affords: at the default cost (128 MiB,
// seconds in pure JavaScript) two backups overran the test's time there. key-backup.test.ts
// round-trips the default cost itself; openKeyBackup reads the cost from the file.
vi.mock('../../../crypto/key-backup', async (importOriginal) => {
  const real = await importOriginal<typeof KeyBackup>();
  return {
    ...real,
    createKeyBackup: (...[pair, passphrase, options]: Parameters<typeof real.createKeyBackup>) =>
      real.createKeyBackup(pair, passphrase, { scrypt: { N: 1024, r: 8, p: 1 }, ...options }),
  };
});

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

  it('says when the keys could not be loaded, and Retry loads them', async () => {
    givenSignedInSession(buildProfile());
    givenKeys([buildKey({ id: '0123456789abcdef0123456789abcdef', title: 'Laptop' })]);
    let failures = 0;
    server.use(
      graphql.query(
        KeysDocument,
        () => {
          failures += 1;
          return HttpResponse.json({ errors: [{ message: 'down' }] });
        },
        { once: true },
      ),
    );
    const { user } = renderApp('/admin/settings');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your keys could not be loaded.');
    expect(failures).toBe(1);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    const table = await screen.findByRole('table', { name: 'Available Keys' });
    expect(await within(table).findByText('Laptop')).toBeInTheDocument();
    expect(screen.queryByText('Your keys could not be loaded.')).not.toBeInTheDocument();
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

    await enterText(user, within(panel).getByLabelText(/Key title/), 'Work laptop');
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

  it('rejects key files that do not belong together, and saves a matching pair from files of any name', async () => {
    const calls = recordCreateKey();
    const { user } = await openSettings([]);
    await user.click(screen.getByRole('tab', { name: 'Load Key Pair' }));
    const panel = await screen.findByRole('form', { name: 'Load key pair' });
    const [first, second] = await Promise.all([createKeyPairDraft(), createKeyPairDraft()]);

    await enterText(user, within(panel).getByLabelText(/Key title/), 'Old pair');
    await user.upload(within(panel).getByLabelText('Public key file'), pemFile(first.publicKeyPem, 'public.pem'));
    await user.upload(within(panel).getByLabelText('Private key file'), pemFile(second.privateKeyPem, 'private.pem'));
    expect(await within(panel).findByText(/do not belong together/)).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Save key' })).toBeDisabled();

    // a private key in the public slot is named as such
    await user.upload(within(panel).getByLabelText('Public key file'), pemFile(second.privateKeyPem, 'swapped.pem'));
    expect(
      await within(panel).findByText('This file holds a private key. Choose the public key file here.'),
    ).toBeInTheDocument();

    // a file without a key is refused by its content
    await user.upload(within(panel).getByLabelText('Public key file'), pemFile('hello', 'notes.pem'));
    expect(await within(panel).findByText(/notes\.pem holds no key/)).toBeInTheDocument();

    // the app's own downloads: .txt names, recognised by their PEM headers
    await user.upload(within(panel).getByLabelText('Public key file'), pemFile(second.publicKeyPem, 'publicKey.txt'));
    expect(await within(panel).findByText(/The files belong together/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].input).toEqual({ title: 'Old pair', publicKey: second.publicKeyPem, id: second.keyId });
    expect(calls[0].body).not.toContain('PRIVATE KEY');
    expect(localStorage.getItem(`${PRIVATE_KEY_STORAGE_PREFIX}${second.keyId}`)).toBe(second.privateKeyPem);
  });

  it('opens on the Load tab from a "load your key" link', async () => {
    givenSignedInSession(buildProfile());
    givenKeys([]);
    renderApp('/admin/settings#load-key-pair');
    expect(await screen.findByRole('tab', { name: 'Load Key Pair', selected: true })).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Load key pair' })).toBeVisible();
  });

  it('stores a pair this account registered already in this browser only, sending nothing', async () => {
    const calls = recordCreateKey();
    const pair = await createKeyPairDraft();
    const { user } = await openSettings([
      { ...buildKey({ id: pair.keyId, title: 'Office key' }), publicKey: pair.publicKeyPem },
    ]);
    const table = screen.getByRole('table', { name: 'Available Keys' });
    expect(await within(table).findByText('Private key not in this browser')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Load Key Pair' }));
    const panel = await screen.findByRole('form', { name: 'Load key pair' });
    await user.upload(within(panel).getByLabelText('Private key file'), pemFile(pair.privateKeyPem, 'privateKey.txt'));
    await user.upload(within(panel).getByLabelText('Public key file'), pemFile(pair.publicKeyPem, 'publicKey.txt'));
    expect(await within(panel).findByText(/already on your account as “Office key”/)).toBeInTheDocument();
    // no title is asked for
    expect(within(panel).queryByLabelText(/Key title/)).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Save in this browser' }));
    expect(await within(panel).findByText(/Key loaded\. It was already on your account/)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    expect(localStorage.getItem(`${PRIVATE_KEY_STORAGE_PREFIX}${pair.keyId}`)).toBe(pair.privateKeyPem);
    expect(await within(table).findByText('Private key in this browser')).toBeInTheDocument();
  });

  it('refuses a pair registered by another account, clearly', async () => {
    server.use(
      graphql.mutation(CreateKeyDocument, () =>
        HttpResponse.json({
          data: null,
          errors: [{ message: 'This key is already registered', extensions: { code: 'CONFLICT' } }],
        }),
      ),
    );
    const pair = await createKeyPairDraft();
    const { user } = await openSettings([]);
    await user.click(screen.getByRole('tab', { name: 'Load Key Pair' }));
    const panel = await screen.findByRole('form', { name: 'Load key pair' });
    await enterText(user, within(panel).getByLabelText(/Key title/), 'Borrowed');
    await user.upload(within(panel).getByLabelText('Public key file'), pemFile(pair.publicKeyPem, 'a.pem'));
    await user.upload(within(panel).getByLabelText('Private key file'), pemFile(pair.privateKeyPem, 'b.pem'));
    await user.click(await within(panel).findByRole('button', { name: 'Save key' }));
    expect(await within(panel).findByText(/registered to another Parley account/)).toBeInTheDocument();
    expect(localStorage.getItem(`${PRIVATE_KEY_STORAGE_PREFIX}${pair.keyId}`)).toBeNull();
  });

  it('loads an encrypted backup with its passphrase, refusing a wrong one', async () => {
    const calls = recordCreateKey();
    const pair = await createKeyPairDraft();
    const backup = await createKeyBackup(pair, 'violet hammock orbit 77', { scrypt: { N: 1024, r: 8, p: 1 } });
    const { user } = await openSettings([]);
    await user.click(screen.getByRole('tab', { name: 'Load Key Pair' }));
    const panel = await screen.findByRole('form', { name: 'Load key pair' });
    await enterText(user, within(panel).getByLabelText(/Key title/), 'From backup');
    // chosen as a key file, recognised as the backup it is
    await user.upload(within(panel).getByLabelText('Public key file'), pemFile(backup, 'my-key.json'));
    expect(within(panel).getByRole('button', { name: 'Backup file', pressed: true })).toBeInTheDocument();
    await enterText(user, within(panel).getByLabelText('Backup passphrase'), 'violet hammock orbit 78');
    await user.click(within(panel).getByRole('button', { name: 'Unlock backup' }));
    expect(
      await within(panel).findByText('The passphrase is wrong, or the backup file is damaged.'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Save key' })).toBeDisabled();

    await user.clear(within(panel).getByLabelText('Backup passphrase'));
    await enterText(user, within(panel).getByLabelText('Backup passphrase'), 'violet hammock orbit 77');
    await user.click(within(panel).getByRole('button', { name: 'Unlock backup' }));
    expect(await within(panel).findByText(/The backup opened/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].input).toEqual({ title: 'From backup', publicKey: pair.publicKeyPem, id: pair.keyId });
    expect(calls[0].body).not.toContain('violet hammock');
    expect(localStorage.getItem(`${PRIVATE_KEY_STORAGE_PREFIX}${pair.keyId}`)).toBe(pair.privateKeyPem);
  });

  it('downloads a backup only under a strong passphrase, and the file opens with it', async () => {
    const pair = await createKeyPairDraft();
    localStorage.setItem(`${PRIVATE_KEY_STORAGE_PREFIX}${pair.keyId}`, pair.privateKeyPem);
    const downloads: Blob[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      downloads.push(blob as Blob);
      return 'blob:backup';
    });
    const { user } = await openSettings([buildKey({ id: pair.keyId, title: 'Laptop' })]);
    await user.click(await screen.findByRole('button', { name: 'Back up key Laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download an encrypted backup' });
    await within(dialog).findByText(/^Strength:/);
    await enterText(user, within(dialog).getByLabelText(/^Passphrase\W*$/), 'password1');
    expect(within(dialog).getByText(/Strength: Very weak/)).toBeInTheDocument();
    await enterText(user, within(dialog).getByLabelText(/Repeat the passphrase/), 'password1');
    await user.click(within(dialog).getByRole('button', { name: 'Download backup' }));
    expect(within(dialog).getByText(/a backup needs Strong or better/)).toBeInTheDocument();
    expect(downloads).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText(/^Passphrase\W*$/));
    await enterText(user, within(dialog).getByLabelText(/^Passphrase\W*$/), 'quartz lantern meadow 1984 tundra');
    expect(within(dialog).getByText(/Strength: (Strong|Very strong)$/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/Repeat the passphrase/));
    await enterText(user, within(dialog).getByLabelText(/Repeat the passphrase/), 'quartz lantern meadow 1984 tundra');
    await user.click(within(dialog).getByRole('button', { name: 'Download backup' }));
    expect(await within(dialog).findByText(/Backup saved as parleyKey-/, {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(downloads).toHaveLength(1);
    const text = await downloads[0].text();
    expect(text).not.toContain('PRIVATE KEY');
    expect((await openKeyBackup(text, 'quartz lantern meadow 1984 tundra')).privateKeyPem).toBe(pair.privateKeyPem);
    createObjectURL.mockRestore();
  }, 30_000);

  it('backs up a freshly generated pair without saving it', async () => {
    const calls = recordCreateKey();
    const downloads: Blob[] = [];
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      downloads.push(blob as Blob);
      return 'blob:backup';
    });
    const { user } = await openSettings([]);
    const panel = screen.getByRole('form', { name: 'Generate key pair' });
    await enterText(user, within(panel).getByLabelText(/Key title/), 'Fresh');
    await user.click(within(panel).getByRole('button', { name: 'Generate key pair' }));
    await user.click(await within(panel).findByRole('button', { name: 'Download backup' }));
    const dialog = await screen.findByRole('dialog', { name: 'Download an encrypted backup' });
    await within(dialog).findByText(/^Strength:/);
    await enterText(user, within(dialog).getByLabelText(/^Passphrase\W*$/), 'quartz lantern meadow 1984 tundra');
    await enterText(user, within(dialog).getByLabelText(/Repeat the passphrase/), 'quartz lantern meadow 1984 tundra');
    await user.click(within(dialog).getByRole('button', { name: 'Download backup' }));
    await within(dialog).findByText(/Backup saved as parleyKey-/, {}, { timeout: 15_000 });
    expect(downloads).toHaveLength(1);
    // the dialog's form does not submit the Generate form around it
    expect(calls).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await within(panel).findByRole('button', { name: 'Save key' })).toBeEnabled();
    createObjectURL.mockRestore();
  }, 30_000);

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
