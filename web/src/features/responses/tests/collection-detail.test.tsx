import { screen, waitFor, within } from '@testing-library/react';
import { delay, graphql, HttpResponse } from 'msw';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromBase64, toBase64 } from '../../../crypto/bytes';
import { sealCollectionResponse, type CollectionData } from '../../../crypto/collection-response';
import { savePrivateKey } from '../../../crypto/key-storage';
import { KEY_A, KEY_B } from '../../../crypto/known-answers.fixture';
import type { KeyId } from '../../../crypto/keys';
import {
  CollectionResponsesDocument,
  RequestResultsDocument,
  ResponsesForExportDocument,
  SurveyResultsDocument,
} from '../responses.generated';
import { graphQLError } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { givenSignedInSession, renderApp } from '../../../test/render-app';
import { buildRequestResults } from '../../../test/request-factories';

const PEOPLE: CollectionData[] = [
  {
    firstName: 'Zoë',
    lastName: 'Ångström',
    age: 34,
    mobile: '+1 555 0142',
    email: 'zoe@example.org',
    gender: 'female',
    location: {
      name: 'Home',
      street: 'Rua 12',
      region: 'Lisboa',
      district: 'Alfama',
      city: 'Lisbon',
      country: 'Portugal',
    },
    image_upload: ['https://images.example.org/p/1.jpg', 'javascript:alert(1)'],
  },
  {
    firstName: 'Tariq',
    lastName: 'Haddad',
    age: 51,
    mobile: '+1 555 0107',
    email: 'tariq@example.org',
    gender: 'male',
    health: { stepsPerDay: 7200, restingHeartRate: 61, sleepHours: 7.5 },
    idDocument: { type: 'passport', country: 'Kenya', last4: '4821' },
  },
  {
    firstName: 'Keiko',
    lastName: 'Sato',
    age: 27,
    mobile: '+1 555 0199',
    email: 'keiko@example.org',
    gender: 'female',
  },
];

type Row = { id: string; memberId: string; encryptedData: string; sealedKey: string; createdAt: string };

// A published collection with responses sealed to KEY_A exactly as a phone seals them.
async function givenCollection({ people = PEOPLE, tamper = -1 } = {}) {
  givenSignedInSession();
  const request = buildRequestResults({
    type: 'collection',
    title: 'Sleep study',
    description: 'Four weeks of sleep data',
    keyId: KEY_A.id,
    responseCount: people.length,
  });
  const rows: Row[] = [];
  for (const [i, person] of people.entries()) {
    const sealed = await sealCollectionResponse(request.id, KEY_A.publicPem, person);
    if (i === tamper) {
      const body = fromBase64(sealed.encryptedData.slice('aesgcm1.'.length))!;
      body[20] ^= 0x01;
      sealed.encryptedData = `aesgcm1.${toBase64(body)}`;
    }
    rows.push({
      id: `resp-${i}`,
      memberId: `M${String(i).padStart(9, '0')}`,
      ...sealed,
      createdAt: '2026-03-05T08:00:00Z',
    });
  }
  const loads = { request: 0, exportPages: [] as number[] };
  server.use(
    graphql.query(RequestResultsDocument, ({ variables }) => {
      loads.request += 1;
      if (variables.id !== request.id) return graphQLError('NOT_FOUND', 'Request not found');
      return HttpResponse.json({ data: { request } });
    }),
    graphql.query(CollectionResponsesDocument, ({ variables }) =>
      HttpResponse.json({
        data: {
          requestResponses: {
            list: rows
              .slice(variables.offset, variables.offset + variables.limit)
              .map((row) => ({ __typename: 'Response', ...row, payout: null })),
            count: rows.length,
            offset: variables.offset,
            awaitingReview: 0,
          },
        },
      }),
    ),
    graphql.query(ResponsesForExportDocument, ({ variables }) => {
      loads.exportPages.push(variables.offset);
      return HttpResponse.json({
        data: {
          requestResponses: {
            list: rows
              .slice(variables.offset, variables.offset + variables.limit)
              .map((row) => ({ __typename: 'Response', ...row, answers: null, presented: null })),
            count: rows.length,
          },
        },
      });
    }),
  );
  return { request, rows, loads };
}

afterEach(() => vi.restoreAllMocks());

const keepKeyA = () => savePrivateKey(KEY_A.id as KeyId, KEY_A.privatePem);
const responsesTable = () => screen.findByRole('table', { name: 'Responses' });
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('collection detail', () => {
  it('opened directly (a reload: no row handed over) loads the request and shows the High Level Details', async () => {
    const { request } = await givenCollection();
    keepKeyA();
    renderApp(`/admin/request/collection/detail/${request.id}`);
    // the first visit transforms the screen's chunk on the fly: give it time on a busy machine
    const details = await screen.findByRole('table', { name: 'High Level Details' }, { timeout: 20_000 });
    expect(
      within(details)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Title', 'Type', 'Key', 'Created', 'Description']);
    const [cells] = within(details).getAllByRole('row').slice(1).map(cellsOf);
    expect(cells[0]).toBe('Sleep study');
    expect(cells[1]).toBe('Collection');
    expect(cells[2]).toBe(KEY_A.id.match(/../g)!.join(':'));
    expect(cells[3]).toMatch(/2026/);
    expect(cells[4]).toBe('Four weeks of sleep data');
    expect(screen.getByRole('heading', { level: 1, name: 'Sleep study' })).toBeInTheDocument();

    const summary = await screen.findByRole('table', { name: 'Request summary' });
    expect(within(summary).getByRole('row', { name: /Responses/ })).toHaveTextContent('3 of 20 paid responses');
    expect(within(summary).getByRole('row', { name: /Collect user profile data/ })).toHaveTextContent('Include');
    expect(within(summary).getByRole('row', { name: /Collect health and fitness data/ })).toHaveTextContent('Exclude');
  });

  it('shows the row handed over by the list at once, before the request has loaded', async () => {
    const { request } = await givenCollection();
    server.use(graphql.query(RequestResultsDocument, async () => delay('infinite')));
    renderApp({
      pathname: `/admin/request/collection/detail/${request.id}`,
      state: {
        request: {
          id: request.id,
          type: 'collection',
          typeName: 'Collection',
          title: 'From the list',
          description: 'Handed over',
          keyId: KEY_A.id,
          createdAt: '2026-03-04T09:30:00.000Z',
        },
      },
    });
    const details = await screen.findByRole('table', { name: 'High Level Details' });
    expect(details).toHaveTextContent('From the list');
    expect(details).toHaveTextContent('Handed over');
    expect(screen.getByRole('status')).toHaveTextContent('Loading the request');
  });

  it('decrypts every response in the browser with the private key kept under the request key id', async () => {
    const { request } = await givenCollection();
    keepKeyA();
    renderApp(`/admin/request/collection/detail/${request.id}`);
    const table = await responsesTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Member ID', 'First Name', 'Last Name', 'Age', 'Mobile', 'Email', 'Gender', 'Location', 'Images']);
    await waitFor(() => expect(within(table).getByText('Keiko')).toBeInTheDocument());
    const rows = within(table).getAllByRole('row').slice(1).map(cellsOf);
    expect(rows[0]).toEqual([
      'M000000000',
      'Zoë',
      'Ångström',
      '34',
      '+1 555 0142',
      'zoe@example.org',
      'female',
      'Home: Rua 12, Alfama, Lisbon, Lisboa, Portugal',
      'Image 1',
    ]);
    expect(rows[1].slice(0, 3)).toEqual(['M000000001', 'Tariq', 'Haddad']);
    // health and ID data, which have no column of their own, on a line under the response
    expect(rows[2]).toEqual([
      '',
      'Health: 7200 steps a day, resting heart rate 61 bpm, 7.5 h sleep · ID: passport, Kenya, ending 4821',
    ]);
    expect(rows[3].slice(0, 2)).toEqual(['M000000002', 'Keiko']);
    // a participant's link is shown only when it is http(s)
    const images = within(table).getAllByRole('link');
    expect(images).toHaveLength(1);
    expect(images[0]).toHaveAttribute('href', 'https://images.example.org/p/1.jpg');
    expect(images[0]).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.queryByText(/could not be decrypted/)).not.toBeInTheDocument();
  });

  it('says how to load the key when its private half is not in this browser, showing nothing decrypted', async () => {
    const { request } = await givenCollection();
    // another key is here, not this request's
    savePrivateKey(KEY_B.id as KeyId, KEY_B.privatePem);
    renderApp(`/admin/request/collection/detail/${request.id}`);
    expect(await screen.findByText('Your private key for this request is not in this browser')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Load Key Pair in Settings' });
    expect(link).toHaveAttribute('href', '/admin/settings#load-key-pair');
    const table = await responsesTable();
    await waitFor(() => expect(within(table).getAllByText('Encrypted')).toHaveLength(3));
    expect(within(table).queryByText('Zoë')).not.toBeInTheDocument();
    expect(within(table).getByText('M000000002')).toBeInTheDocument();
  });

  it('marks a tampered response on its own row and still decrypts the others', async () => {
    const { request } = await givenCollection({ tamper: 1 });
    keepKeyA();
    renderApp(`/admin/request/collection/detail/${request.id}`);
    const table = await responsesTable();
    await waitFor(() => expect(within(table).getByText('Keiko')).toBeInTheDocument());
    const rows = within(table).getAllByRole('row').slice(1);
    expect(cellsOf(rows[1])).toEqual([
      'M000000001',
      'Could not be decrypted: the data was altered or belongs to another request.',
    ]);
    expect(within(rows[1]).queryByText('Tariq')).not.toBeInTheDocument();
    expect(within(rows[0]).getByText('Zoë')).toBeInTheDocument();
    expect(screen.getByText(/1 response on this page could not be decrypted/)).toBeInTheDocument();
  });

  it('downloads every response decrypted in this browser as CSV, one column per field', async () => {
    const many = Array.from({ length: 130 }, (_, i) => PEOPLE[i % PEOPLE.length]);
    const { request, loads } = await givenCollection({ people: many, tamper: 1 });
    keepKeyA();
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      files.push(blob as Blob);
      return 'blob:csv';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    renderApp(`/admin/request/collection/detail/${request.id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Download CSV' }, { timeout: 20_000 }));
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 20_000 });
    expect(loads.exportPages).toEqual([0, 100]); // every page, not just the one on screen
    const lines = (await files[0].text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(131);
    expect(lines[0]).toBe(
      'Member ID,Submitted,First Name,Last Name,Age,Mobile,Email,Gender,Location Name,Street,District,City,Region,Country,Steps per Day,Resting Heart Rate,Sleep Hours,ID Type,ID Country,ID Last 4,Images,Decryption',
    );
    expect(lines[1]).toBe(
      'M000000000,2026-03-05T08:00:00Z,Zoë,Ångström,34,+1 555 0142,zoe@example.org,female,Home,Rua 12,Alfama,Lisbon,Lisboa,Portugal,,,,,,,https://images.example.org/p/1.jpg,decrypted',
    );
    expect(lines[2]).toMatch(/^M000000001,2026-03-05T08:00:00Z,(,){19}Could not be decrypted: /);
    expect(lines[3]).toBe(
      'M000000002,2026-03-05T08:00:00Z,Keiko,Sato,27,+1 555 0199,keiko@example.org,female,,,,,,,,,,,,,,decrypted',
    );
    expect(lines[5]).toContain(
      'Tariq,Haddad,51,+1 555 0107,tariq@example.org,male,,,,,,,7200,61,7.5,passport,Kenya,4821,,decrypted',
    );
  });

  it('offers no CSV download while the private key is not in this browser', async () => {
    const { request } = await givenCollection();
    renderApp(`/admin/request/collection/detail/${request.id}`);
    expect(await screen.findByRole('button', { name: 'Download CSV' }, { timeout: 20_000 })).toBeDisabled();
  });

  it('says NOBODY ACCEPTED ON THE PHONE APPLICATION when there are no responses', async () => {
    const { request } = await givenCollection({ people: [] });
    keepKeyA();
    renderApp(`/admin/request/collection/detail/${request.id}`);
    expect(await screen.findByText('NOBODY ACCEPTED ON THE PHONE APPLICATION')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Responses' })).not.toBeInTheDocument();
  });

  it('says so when the request is not one of yours', async () => {
    await givenCollection();
    renderApp('/admin/request/collection/detail/someone-elses');
    expect(await screen.findByText('This request does not exist, or it is not one of yours.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'High Level Details' })).not.toBeInTheDocument();
  });

  it('sends a survey opened on the collection route to the survey detail route', async () => {
    givenSignedInSession();
    const survey = buildRequestResults({ type: 'survey' });
    server.use(
      graphql.query(RequestResultsDocument, () => HttpResponse.json({ data: { request: survey } })),
      // what the survey's screen reads as it opens: no answers yet
      graphql.query(SurveyResultsDocument, () => HttpResponse.json({ data: { surveyStatistics: [] } })),
    );
    const { router } = renderApp(`/admin/request/collection/detail/${survey.id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/request/survey/detail/${survey.id}`));
  });
});
