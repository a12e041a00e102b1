import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { File as NodeFile } from 'node:buffer';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { fromBase64, fromHex } from '../../../crypto/bytes';
import { ROOM_ID, ROOM_KEY_HEX } from '../../../crypto/known-answers.fixture';
import { inProcessWorker } from '../../../test/in-process-worker';
import { server } from '../../../test/msw-server';
import { UploadPanel } from '../components/upload-panel';
import { serveCsvWorker } from '../csv/csv-worker-client';
import { serveEncryptWorker } from '../upload/encrypt-rows';
import { unpackRows } from '../upload/packed-rows';

const CSV = 'E-mail,Full Name,Age\r\nann@example.com,Ann Secretname,31\r\nbob@example.com,Bob Hiddenname,40\r\n';
type UploadBody = { dataset_id: string; campaign: string; packed?: string; encrypted?: unknown; first_row: number };

function renderPanel() {
  const onUploaded = vi.fn();
  render(
    <UploadPanel
      roomId={ROOM_ID}
      keyVersion={1}
      roomKey={fromHex(ROOM_KEY_HEX)}
      existingNames={['taken']}
      onUploaded={onUploaded}
      workers={{ csv: () => inProcessWorker(serveCsvWorker), encrypt: () => inProcessWorker(serveEncryptWorker) }}
    />,
  );
  return { onUploaded, user: userEvent.setup() };
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
    const bodies: UploadBody[] = [];
    server.use(
      http.post('*/v1/vcr/uploadEncrypted', async ({ request }) => {
        bodies.push((await request.json()) as UploadBody);
        return HttpResponse.json({ result: { status: 'ready' } });
      }),
    );
    const { onUploaded, user } = renderPanel();
    await chooseCsv();
    // the name must be new in the room
    const name = screen.getByRole('textbox', { name: 'Data set name' });
    await user.clear(name);
    await user.type(name, 'taken');
    await user.click(screen.getByRole('button', { name: 'Encrypt and upload' }));
    expect(await screen.findByText('A data set of this room already has this name')).toBeVisible();
    expect(screen.queryByRole('progressbar', { name: /Encrypted/ })).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);
    await user.clear(name);
    await user.type(name, 'customers');
    await user.click(screen.getByRole('button', { name: 'Encrypt and upload' }));

    expect(await screen.findByRole('status')).toHaveTextContent('customers: 2 rows encrypted and uploaded.');
    expect(onUploaded).toHaveBeenCalledOnce();
    expect(bodies).toHaveLength(1);
    const [body] = bodies;
    expect(body).toMatchObject({ campaign: 'customers', first_row: 0 });
    expect(body.encrypted).toBeUndefined();
    // e-mail: token + sealed copy; name and age: sealed (the defaults for text columns), each padded
    // to its column's bucket (32 for the e-mails and names, 16 for the ages) + IV + tag
    const rows = unpackRows(fromBase64(body.packed!)!, 4);
    expect(rows.map((row) => row.map((part) => part?.length))).toEqual([
      [16, 60, 60, 44],
      [16, 60, 60, 44],
    ]);
    const sent = new TextDecoder('latin1').decode(fromBase64(body.packed!)!);
    for (const secret of ['ann@example.com', 'Secretname', 'Hiddenname']) expect(sent).not.toContain(secret);
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
