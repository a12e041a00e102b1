import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fromHex } from '../../../crypto/bytes';
import { KEY_A, ROOM_ID, ROOM_KEY_HEX, USER_ID } from '../../../crypto/known-answers.fixture';
import { openDatasetSecret } from '../../../crypto/dataset-secret';
import { deriveWithheldSealKey } from '../../../crypto/column-keys';
import { openCell } from '../../../crypto/cells';
import { inProcessWorker } from '../../../test/in-process-worker';
import { server } from '../../../test/msw-server';
import { UploadPanel } from '../components/upload-panel';
import { serveCsvWorker } from '../csv/csv-worker-client';
import { serveEncryptWorker } from '../upload/encrypt-rows';
import { CHUNK_CONTENT_TYPE, decodeChunkBody, unpackRows } from '../../../../../shared/wire-format';
import { enterText } from '../../../test/enter-text';

const CSV = 'E-mail,Full Name,Age\r\nann@example.com,Ann Secretname,31\r\nbob@example.com,Bob Hiddenname,40\r\n';
type UploadBody = {
  dataset_id: string;
  campaign: string;
  packed: Uint8Array;
  encrypted?: unknown;
  first_row: number;
  header: { name: string; role: string; shared: boolean; partnerRole?: string; lower?: number; upper?: number }[];
  partner_access: string;
  min_group_size: number;
  differential_privacy?: boolean;
  privacy_budget?: number;
  query_cost?: number;
  sealed_secret?: string;
  secret_key_id?: string;
};

/** A chunk's body as the server reads it: binary, its fields then its packed rows. */
async function uploadBody(request: Request): Promise<UploadBody> {
  expect(request.headers.get('content-type')).toBe(CHUNK_CONTENT_TYPE);
  const { fields, packed } = decodeChunkBody(new Uint8Array(await request.arrayBuffer()));
  return { ...(fields as Omit<UploadBody, 'packed'>), packed };
}

/** Answers every chunk as stored; the bodies as the server read them. */
function captureUploads(): UploadBody[] {
  const bodies: UploadBody[] = [];
  server.use(
    http.post('*/v1/vcr/uploadEncrypted', async ({ request }) => {
      bodies.push(await uploadBody(request));
      return HttpResponse.json({ result: { status: 'ready' } });
    }),
  );
  return bodies;
}

function renderPanel(options: { withKey?: boolean } = {}) {
  const onUploaded = vi.fn();
  render(
    <MemoryRouter>
      <UploadPanel
        roomId={ROOM_ID}
        keyVersion={1}
        roomKey={fromHex(ROOM_KEY_HEX)}
        secretKey={
          options.withKey === false ? null : { userId: USER_ID, publicKeyId: KEY_A.id, publicKeyPem: KEY_A.publicPem }
        }
        existingNames={['taken']}
        onUploaded={onUploaded}
        workers={{ csv: () => inProcessWorker(serveCsvWorker), encrypt: () => inProcessWorker(serveEncryptWorker) }}
      />
    </MemoryRouter>,
  );
  return { onUploaded, user: userEvent.setup() };
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string | RegExp) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(screen.getByRole('option', { name: option }));
}

async function chooseCsv() {
  // a Node File: the in-process CSV worker structured-clones it, which happy-dom's File does not survive
  const file = new NodeFile([CSV], 'customers.csv', { type: 'text/csv' });
  const input = screen.getByLabelText('CSV file');
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  fireEvent.change(input);
  await screen.findByText('customers.csv: 2 rows, 3 columns.');
}

describe('the upload panel', () => {
  it('encrypts the CSV in the workers and uploads it packed: no sealed value leaves in clear', async () => {
    const bodies = captureUploads();
    const { onUploaded, user } = renderPanel();
    await chooseCsv();
    // the name must be new in the room
    const name = screen.getByRole('textbox', { name: 'Data set name' });
    await user.clear(name);
    await enterText(user, name, 'taken');
    await user.click(screen.getByRole('button', { name: 'Encrypt and upload' }));
    expect(await screen.findByText('A data set of this room already has this name')).toBeVisible();
    expect(screen.queryByRole('progressbar', { name: /Encrypted/ })).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.clear(name);
    await enterText(user, name, 'customers');
    await user.click(screen.getByRole('button', { name: 'Encrypt and upload' }));

    expect(await screen.findByRole('status')).toHaveTextContent('customers: 2 rows encrypted and uploaded.');
    expect(onUploaded).toHaveBeenCalledOnce();
    expect(bodies).toHaveLength(1);
    const [body] = bodies;
    expect(body).toMatchObject({ campaign: 'customers', first_row: 0 });
    expect(body.encrypted).toBeUndefined();
    // e-mail: token + sealed copy; name and age: sealed (the defaults for text columns), each padded
    // to its column's bucket (32 for the e-mails and names, 16 for the ages) + IV + tag
    const rows = unpackRows(body.packed, 4);
    expect(rows.map((row) => row.map((part) => part?.length))).toEqual([
      [16, 60, 60, 44],
      [16, 60, 60, 44],
    ]);
    const sent = new TextDecoder('latin1').decode(body.packed);
    for (const secret of ['ann@example.com', 'Secretname', 'Hiddenname']) expect(sent).not.toContain(secret);
    // the rule: matches, k = 10, nothing shared; so every sealed column is sealed with the set's
    // own secret, sent sealed to the uploader's key (it opens with KEY_A's private half only)
    expect(body).toMatchObject({ partner_access: 'matches', min_group_size: 10, secret_key_id: KEY_A.id });
    expect(body.header.map((h) => h.shared)).toEqual([false, false, false]);
    // the roles that reveal the least: the join key joins, the rest is private; noise on by default
    expect(body.header.map((h) => h.partnerRole)).toEqual(['joinOnly', 'private', 'private']);
    expect(body).toMatchObject({ differential_privacy: true, privacy_budget: 3, query_cost: 0.2 });
    const secret = await openDatasetSecret(KEY_A.privatePem, body.sealed_secret!, {
      roomId: ROOM_ID,
      datasetId: body.dataset_id,
      userId: USER_ID,
    });
    const key = await deriveWithheldSealKey(secret, ROOM_ID, body.dataset_id, 'FullName', 'decrypt');
    const place = { roomId: ROOM_ID, datasetId: body.dataset_id, column: 'FullName', rowNumber: 1, keyVersion: 1 };
    expect(await openCell(key, new Uint8Array(rows[1][2]!), place)).toBe('Bob Hiddenname');
  });

  it('takes the rule and the shared columns from the set-up, and explains them in plain words', async () => {
    const bodies = captureUploads();
    const { user } = renderPanel();
    await chooseCsv();
    expect(
      screen.getByText(/How many of their own rows match yours, as counts of at least 10 of your rows/),
    ).toBeVisible();
    expect(screen.getByText(/The values of Email, FullName and Age: sealed with a key only you hold/)).toBeVisible();
    await choose(user, 'What partners may do with Age', 'Shared');
    expect(screen.getByText('Partners receive its values in reports of their rows that match yours.')).toBeVisible();
    const k = screen.getByRole('textbox', { name: 'Minimum group size (k)' });
    await user.clear(k);
    await enterText(user, k, '1');
    await user.click(screen.getByRole('button', { name: 'Encrypt and upload' }));
    expect(await screen.findByText('A whole number from 2 to 100,000')).toBeVisible();
    expect(bodies).toHaveLength(0);
    await user.clear(k);
    await enterText(user, k, '25');
    expect(screen.getByText(/For their rows that match yours: Age\./)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Encrypt and upload' }));
    await screen.findByText(/rows encrypted and uploaded/);
    expect(bodies[0]).toMatchObject({ partner_access: 'matches', min_group_size: 25 });
    expect(bodies[0].header.map((h) => [h.name, h.shared])).toEqual([
      ['Email', false],
      ['FullName', false],
      ['Age', true],
    ]);
  });

  it('sets each column’s partner role with its help; a metric asks for bounds; the budget reads in counts', async () => {
    const bodies = captureUploads();
    const { user } = renderPanel();
    await chooseCsv();
    // a join key can only join, be shared or stay private; a sealed column cannot be summed
    await user.click(screen.getByRole('combobox', { name: 'What partners may do with Email' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Join only', 'Shared', 'Private']);
    await user.keyboard('{Escape}');
    expect(
      screen.getByText('Partners can match their rows against it, but never see, filter or group by its values.'),
    ).toBeVisible();
    await choose(user, 'Role of Age', /^Clear/);
    await choose(user, 'What partners may do with Age', 'Sum and average');
    expect(
      screen.getByText('Partners can sum and average it; values outside the bounds count as the nearest bound.'),
    ).toBeVisible();
    // the budget in plain words: 3 / 0.2 = 15 counts
    expect(screen.getByRole('note', { name: 'Privacy budget in words' })).toHaveTextContent(
      /^Your partner can run about 15 counts before the budget is spent\./,
    );
    const budget = screen.getByRole('textbox', { name: 'Privacy budget per partner (epsilon)' });
    await user.clear(budget);
    await enterText(user, budget, '1');
    expect(screen.getByRole('note', { name: 'Privacy budget in words' })).toHaveTextContent(
      /^Your partner can run about 5 counts before the budget is spent\./,
    );
    // the metric's bounds are required, lower below upper
    await user.click(screen.getByRole('button', { name: 'Encrypt and upload' }));
    expect(await screen.findByText('A number (the smallest value that counts)')).toBeVisible();
    expect(bodies).toHaveLength(0);
    await enterText(user, screen.getByRole('textbox', { name: 'Lower bound of Age' }), '90');
    await enterText(user, screen.getByRole('textbox', { name: 'Upper bound of Age' }), '18');
    expect(screen.getByText('Above the lower bound')).toBeVisible();
    await user.clear(screen.getByRole('textbox', { name: 'Lower bound of Age' }));
    await enterText(user, screen.getByRole('textbox', { name: 'Lower bound of Age' }), '0');
    await user.clear(screen.getByRole('textbox', { name: 'Upper bound of Age' }));
    await enterText(user, screen.getByRole('textbox', { name: 'Upper bound of Age' }), '120');
    // a budget out of range is refused before anything is sent
    await user.clear(budget);
    await enterText(user, budget, '50');
    await user.click(screen.getByRole('button', { name: 'Encrypt and upload' }));
    expect(await screen.findByText('A number from 0.1 to 20')).toBeVisible();
    expect(bodies).toHaveLength(0);
    await user.clear(budget);
    await enterText(user, budget, '1');
    await user.click(screen.getByRole('button', { name: 'Encrypt and upload' }));
    await screen.findByText(/rows encrypted and uploaded/);
    expect(bodies[0].header).toEqual([
      expect.objectContaining({ name: 'Email', role: 'join', partnerRole: 'joinOnly' }),
      expect.objectContaining({ name: 'FullName', role: 'sealed', partnerRole: 'private' }),
      { name: 'Age', role: 'clear', shared: false, partnerRole: 'metric', lower: 0, upper: 120 },
    ]);
    expect(bodies[0]).toMatchObject({ differential_privacy: true, privacy_budget: 1, query_cost: 0.2 });
  });

  it('turns noise off by default under "Everything", and sends it off when the uploader says so', async () => {
    const bodies = captureUploads();
    const { user } = renderPanel();
    await chooseCsv();
    const dp = screen.getByRole('switch', { name: 'Add noise to what partners receive (differential privacy)' });
    expect(dp).toBeChecked();
    await choose(user, 'What partners may do', 'Everything');
    expect(dp).not.toBeChecked();
    await choose(user, 'What partners may do', 'Counts and aggregates only');
    expect(dp).toBeChecked();
    await user.click(dp);
    expect(screen.getByText(/Without noise, partners get exact counts/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Encrypt and upload' }));
    await screen.findByText(/rows encrypted and uploaded/);
    expect(bodies[0]).toMatchObject({ partner_access: 'aggregates', differential_privacy: false });
    expect(bodies[0].privacy_budget).toBeUndefined();
  });

  it('starts one upload however often "Encrypt and upload" is pressed while the set is prepared', async () => {
    const bodies = captureUploads();
    const { onUploaded } = renderPanel();
    await chooseCsv();
    const button = screen.getByRole('button', { name: 'Encrypt and upload' });
    // the second press comes while the set's secret is being sealed to the uploader's key
    fireEvent.click(button);
    expect(button).toBeDisabled();
    fireEvent.submit(screen.getByRole('form', { name: 'Set up the columns' }));
    expect(await screen.findByRole('status')).toHaveTextContent('customers: 2 rows encrypted and uploaded.');
    expect(onUploaded).toHaveBeenCalledOnce();
    expect(bodies).toHaveLength(1);
    expect(new Set(bodies.map((body) => body.dataset_id)).size).toBe(1);
  });

  it('without the private key here, withholds nothing unsealed: it says so and links to Load Key Pair', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('*/v1/vcr/uploadEncrypted', async ({ request }) => {
        bodies.push(await uploadBody(request));
        return HttpResponse.json({ result: { status: 'ready' } });
      }),
    );
    const { user } = renderPanel({ withKey: false });
    await chooseCsv();
    await user.click(screen.getByRole('button', { name: 'Encrypt and upload' }));
    expect(await screen.findByText(/The private key you chose for this room is not in this browser/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Load Key Pair' })).toHaveAttribute(
      'href',
      '/admin/settings#load-key-pair',
    );
    expect(bodies).toEqual([]);
  });

  it('pauses on a failing chunk; cancelling removes what reached the server', async () => {
    let attempts = 0;
    const deleted: unknown[] = [];
    server.use(
      http.post('*/v1/vcr/uploadEncrypted', () => {
        attempts++;
        return HttpResponse.json({ error: { code: 'UNAVAILABLE', message: 'try later' } }, { status: 503 });
      }),
      http.delete('*/v1/vcr/deleteDataSet', async ({ request }) => {
        deleted.push(await request.json());
        return HttpResponse.json({ result: { deleted: [] } });
      }),
    );
    const { onUploaded, user } = renderPanel();
    await chooseCsv();
    await user.click(screen.getByRole('button', { name: 'Encrypt and upload' }));
    // two automatic retries, then a pause that says why
    expect(await screen.findByText(/Chunk upload failed: try later/, undefined, { timeout: 8000 })).toBeVisible();
    expect(attempts).toBe(3);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(deleted).toEqual([{ room_id: ROOM_ID, dataset_id: expect.any(String) }]));
    expect(onUploaded).not.toHaveBeenCalled();
    // back to the drop zone, ready for another file
    expect(await screen.findByLabelText('CSV file')).toBeInTheDocument();
  });
});
