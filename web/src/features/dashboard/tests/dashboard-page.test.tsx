import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  DashboardContractsDocument,
  DashboardDeleteRequestDocument,
  DashboardOverviewDocument,
  DashboardRequestsDocument,
  DashboardSummaryDocument,
  type RecentContractRow_ContractFragment,
  type RecentRequestRow_RequestFragment,
} from '../dashboard.generated';
import { buildKey, buildProfile, graphQLError } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { givenSignedInSession, renderApp } from '../../../test/render-app';
import { buildContractRow, buildOverview, buildRequestRow, pageOf } from '../../../test/request-factories';

// A requester whose account has these requests and contracts; the handlers page them like the API
// (newest first, `limit` a page) and deleteRequest really removes a row.
function givenDashboard({
  requests = [] as RecentRequestRow_RequestFragment[],
  contracts = [] as RecentContractRow_ContractFragment[],
  overview = buildOverview(),
} = {}) {
  const profile = givenSignedInSession(buildProfile({ nickname: 'Grace' }));
  const rows = [...requests];
  const calls = {
    requests: [] as number[],
    contracts: [] as number[],
    overview: [] as (number | null)[],
    deleted: [] as string[],
  };
  server.use(
    graphql.query(DashboardSummaryDocument, () => HttpResponse.json({ data: { me: profile, keys: [buildKey()] } })),
    graphql.query(DashboardOverviewDocument, ({ variables }) => {
      calls.overview.push(variables.tzOffset ?? null);
      return HttpResponse.json({ data: { requestOverview: { ...overview, draft: overview.draft } } });
    }),
    graphql.query(DashboardRequestsDocument, ({ variables }) => {
      calls.requests.push(variables.page);
      return HttpResponse.json({ data: { requests: pageOf(rows, variables.page, variables.limit) } });
    }),
    graphql.query(DashboardContractsDocument, ({ variables }) => {
      calls.contracts.push(variables.page);
      return HttpResponse.json({ data: { contracts: pageOf(contracts, variables.page, variables.limit) } });
    }),
    graphql.mutation(DashboardDeleteRequestDocument, ({ variables }) => {
      calls.deleted.push(variables.id);
      rows.splice(
        rows.findIndex((row) => row.id === variables.id),
        1,
      );
      return HttpResponse.json({ data: { deleteRequest: true } });
    }),
  );
  return calls;
}

const requestsTable = () => screen.findByRole('table', { name: 'Recent Requests' });
const contractsTable = () => screen.findByRole('table', { name: 'Recent Contracts' });
const pager = (name: string) => screen.getByRole('navigation', { name });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('dashboard', () => {
  it('welcomes by nickname and shows the overview cards with today in the browser time zone', async () => {
    const calls = givenDashboard({
      overview: buildOverview({ open: 4, draft: 2, responseTotal: 57, responseToday: 9, avgCompRate: 47.5 }),
    });
    renderApp('/admin/dashboard');
    // the first visit transforms the screen's chunk on the fly: give it time on a busy machine
    const welcome = await screen.findByRole('heading', { name: 'Welcome back, Grace' }, { timeout: 20_000 });
    expect(welcome).toBeInTheDocument();
    const card = (label: string) => screen.getByRole('region', { name: label });
    await waitFor(() => expect(card('Request')).toHaveTextContent('4Open2Draft'));
    expect(card('Response')).toHaveTextContent('57Total9Today');
    expect(card('Avg completion rate')).toHaveTextContent('47.5%');
    // a placeholder only: no number is invented
    expect(card('Avg time spent')).toHaveTextContent('—');
    expect(card('Avg time spent')).toHaveTextContent('Not measured yet');
    expect(calls.overview[0]).toBe(new Date().getTimezoneOffset());
  });

  it('lists recent requests with title, date, type badge, question count ("--" if none) and responses', async () => {
    givenDashboard({
      requests: [
        buildRequestRow({ title: 'Coffee survey', type: 'survey', questionCount: 4, responseCount: 12 }),
        buildRequestRow({ title: 'Sleep study', type: 'collection', questionCount: null, responseCount: 0 }),
      ],
    });
    renderApp('/admin/dashboard');
    const table = await requestsTable();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(2));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Title', 'Type', 'Questions', 'Responses', 'Actions']);
    const [survey, collection] = bodyRows(table).map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
    expect(survey[0]).toMatch(/^Coffee survey.*2026/);
    expect(survey.slice(1, 4)).toEqual(['Survey', '4', '12']);
    expect(collection.slice(1, 4)).toEqual(['Collection', '--', '0']);
    expect(within(table).getByRole('link', { name: 'Analyse Coffee survey' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Delete Sleep study' })).toBeInTheDocument();
  });

  it('pages recent requests 5 at a time: Prev only above page 1, Next only below the last page', async () => {
    const requests = Array.from({ length: 12 }, (_, i) => buildRequestRow({ title: `Survey ${i + 1}` }));
    const calls = givenDashboard({ requests });
    const { user } = renderApp('/admin/dashboard');
    const table = await requestsTable();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(5));
    const nav = pager('Recent Requests pages');
    const prev = within(nav).getByRole('button', { name: 'Prev' });
    const next = within(nav).getByRole('button', { name: 'Next' });
    expect(nav).toHaveTextContent('Page 1 of 3');
    expect(prev).toBeDisabled();
    expect(next).toBeEnabled();

    await user.click(next);
    await waitFor(() => expect(within(table).getByText('Survey 6')).toBeInTheDocument());
    expect(nav).toHaveTextContent('Page 2 of 3');
    expect(prev).toBeEnabled();
    expect(next).toBeEnabled();

    await user.click(next);
    await waitFor(() => expect(bodyRows(table)).toHaveLength(2));
    expect(within(table).getByText('Survey 12')).toBeInTheDocument();
    expect(nav).toHaveTextContent('Page 3 of 3');
    expect(next).toBeDisabled();

    await user.click(prev);
    await waitFor(() => expect(within(table).getByText('Survey 10')).toBeInTheDocument());
    expect(calls.requests).toEqual([1, 2, 3, 2]);
  });

  it('disables both Prev and Next when everything fits on one page', async () => {
    givenDashboard({ requests: [buildRequestRow()], contracts: [buildContractRow()] });
    renderApp('/admin/dashboard');
    await waitFor(async () => expect(bodyRows(await requestsTable())).toHaveLength(1));
    for (const name of ['Recent Requests pages', 'Recent Contracts pages']) {
      expect(within(pager(name)).getByRole('button', { name: 'Prev' })).toBeDisabled();
      expect(within(pager(name)).getByRole('button', { name: 'Next' })).toBeDisabled();
    }
  });

  it('Analyse opens the detail route of the request, carrying the row', async () => {
    const row = buildRequestRow({ title: 'Sleep study', type: 'collection', questionCount: null });
    givenDashboard({ requests: [row] });
    const { user, router } = renderApp('/admin/dashboard');
    const table = await requestsTable();
    await user.click(await within(table).findByRole('link', { name: 'Analyse Sleep study' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/request/collection/detail/${row.id}`));
    expect(router.state.location.state).toEqual({
      request: {
        id: row.id,
        type: 'collection',
        typeName: 'Collection',
        title: 'Sleep study',
        description: row.description,
        keyId: row.keyId,
        createdAt: row.createdAt,
      },
    });
  });

  it('deletes after "Are you sure?" / "Yes, delete it!", says "Deleted!" and reloads the dashboard data', async () => {
    const rows = Array.from({ length: 6 }, (_, i) => buildRequestRow({ title: `Survey ${i + 1}` }));
    const calls = givenDashboard({ requests: rows });
    const { user } = renderApp('/admin/dashboard');
    const table = await requestsTable();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(5));
    const loadsBefore = { overview: calls.overview.length, contracts: calls.contracts.length };

    // cancel first: nothing is deleted
    await user.click(within(table).getByRole('button', { name: 'Delete Survey 2' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(calls.deleted).toEqual([]);

    await user.click(within(table).getByRole('button', { name: 'Delete Survey 2' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Survey 2');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    const done = await screen.findByRole('dialog', { name: 'Deleted!' });
    expect(calls.deleted).toEqual([rows[1].id]);
    // the list moved up: Survey 6 came onto page 1, and the cards and contracts loaded again
    await waitFor(() => expect(within(table).getByText('Survey 6')).toBeInTheDocument());
    expect(within(table).queryByText('Survey 2')).not.toBeInTheDocument();
    expect(calls.overview.length).toBeGreaterThan(loadsBefore.overview);
    expect(calls.contracts.length).toBeGreaterThan(loadsBefore.contracts);
    await user.click(within(done).getByRole('button', { name: 'Ok' }));
  });

  it('keeps the dialog open with the reason when the delete fails', async () => {
    givenDashboard({ requests: [buildRequestRow({ title: 'Kept' })] });
    server.use(graphql.mutation(DashboardDeleteRequestDocument, () => graphQLError('NOT_FOUND', 'Request not found')));
    const { user } = renderApp('/admin/dashboard');
    const table = await requestsTable();
    await user.click(await within(table).findByRole('button', { name: 'Delete Kept' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await within(dialog).findByText('Request not found')).toBeInTheDocument();
    expect(within(table).getByText('Kept')).toBeInTheDocument();
  });

  it('lists recent contracts with signer, request, tokens and a Completed badge, 5 a page', async () => {
    const contracts = Array.from({ length: 7 }, (_, i) =>
      buildContractRow({ title: `Escrowed ${i + 1}`, bonusAmount: 10 + i }),
    );
    const calls = givenDashboard({ contracts });
    const { user } = renderApp('/admin/dashboard');
    const table = await contractsTable();
    await waitFor(() => expect(bodyRows(table)).toHaveLength(5));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Signer Address', 'Request', 'IPT Tokens', 'Status']);
    const first = within(bodyRows(table)[0]).getAllByRole('cell');
    expect(first[0]).toHaveTextContent('0x709979…dc79C8');
    expect(within(first[0]).getByLabelText(contracts[0].address)).toBeInTheDocument();
    expect(first.slice(1).map((cell) => cell.textContent)).toEqual(['Escrowed 1', '10', 'Completed']);
    expect(within(table).getAllByText('Completed')).toHaveLength(5);

    const nav = pager('Recent Contracts pages');
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(bodyRows(table)).toHaveLength(2));
    expect(within(nav).getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(calls.contracts).toEqual([1, 2]);
  });

  it('shows empty states with the Create buttons linking to the wizards', async () => {
    givenDashboard();
    renderApp('/admin/dashboard');
    expect(await screen.findByText('No requests yet')).toBeInTheDocument();
    expect(await screen.findByText('No contracts yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Survey' })).toHaveAttribute('href', '/admin/request/survey/new');
    expect(screen.getByRole('link', { name: 'Create Collection' })).toHaveAttribute(
      'href',
      '/admin/request/collection/new',
    );
  });

  it('says when the lists cannot be loaded and loads them again on Retry', async () => {
    const calls = givenDashboard({ requests: [buildRequestRow({ title: 'Back again' })] });
    let failing = true;
    server.use(
      graphql.query(DashboardRequestsDocument, ({ variables }) => {
        calls.requests.push(variables.page);
        if (failing) return HttpResponse.error();
        return HttpResponse.json({ data: { requests: pageOf([buildRequestRow({ title: 'Back again' })], 1, 5) } });
      }),
    );
    const { user } = renderApp('/admin/dashboard');
    const alert = await screen.findByText('Your requests could not be loaded.');
    failing = false;
    await user.click(within(alert.closest('[role="alert"]')! as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
  });
});
