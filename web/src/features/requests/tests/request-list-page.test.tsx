import { screen, waitFor, within } from '@testing-library/react';
import { delay, graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DeleteListedRequestDocument, RequestListPageDocument } from '../requests.generated';
import { RequestResultsDocument, SurveyResultsDocument } from '../../responses/responses.generated';
import type { RequestKind } from '../../../gql/types';
import { graphQLError } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { givenSignedInSession, renderApp } from '../../../test/render-app';
import { buildListRow } from './request-fixtures';

type Row = ReturnType<typeof buildListRow>;

// A server holding `rows` of one type: pages of 10, deletions remove rows.
function givenRequests(rows: Row[], options: { fail?: boolean } = {}) {
  const store = [...rows];
  const asked: { type: RequestKind; page: number; limit: number }[] = [];
  const deleted: string[] = [];
  server.use(
    graphql.query(RequestListPageDocument, ({ variables }) => {
      asked.push(variables);
      if (options.fail) return graphQLError('INTERNAL_SERVER_ERROR', 'Database unavailable');
      const { page, limit } = variables;
      return HttpResponse.json({
        data: {
          requests: {
            list: store.slice((page - 1) * limit, page * limit),
            info: { count: store.length, pages: Math.ceil(store.length / limit), page },
          },
        },
      });
    }),
    graphql.mutation(DeleteListedRequestDocument, ({ variables }) => {
      deleted.push(variables.id);
      store.splice(
        store.findIndex((row) => row.id === variables.id),
        1,
      );
      return HttpResponse.json({ data: { deleteRequest: true } });
    }),
  );
  return { asked, deleted };
}

const rowsOf = (count: number) => Array.from({ length: count }, (_, i) => buildListRow({ title: `Survey ${i + 1}` }));

async function openList(path: string, heading = 'Surveys') {
  givenSignedInSession();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: heading });
  return view;
}

describe('request list', () => {
  it("shows the spec's columns, a row per request and the create buttons", async () => {
    const row = buildListRow({ title: 'Fitness habits', responseCount: 7, status: 0 });
    // a quota that closes the study filled: it shows as closed, not as an open request
    const closed = buildListRow({ title: 'Sleep study', closedAt: '2026-01-04T09:00:00.000Z' });
    const { asked } = givenRequests([row, closed, buildListRow({ title: 'Open study' })]);
    await openList('/admin/request/survey/list');
    const table = await screen.findByRole('table', { name: 'Surveys' });
    // Last Modified is hidden on phones only, and the test DOM applies no media queries: read the cells
    expect([...table.querySelectorAll('thead th')].map((cell) => cell.textContent)).toEqual([
      'Title',
      'Type',
      'Responses',
      'Last Modified',
      'Actions',
    ]);
    const cells = [...table.querySelectorAll<HTMLElement>('tbody tr:first-child td')];
    expect(cells[0]).toHaveTextContent('Fitness habits');
    expect(cells[0]).toHaveTextContent('Draft');
    expect(cells[1]).toHaveTextContent('Survey');
    expect(cells[2]).toHaveTextContent('7');
    const titles = [...table.querySelectorAll<HTMLElement>('tbody tr td:first-child')];
    expect(titles[1]).toHaveTextContent('Closed');
    expect(titles[2]).not.toHaveTextContent(/Closed|Draft/);
    // the Draft and Closed chips sit inside the title's paragraph: inline, as HTML allows there
    expect(table.querySelectorAll('tbody p div')).toHaveLength(0);
    expect(within(cells[4]).getByRole('link', { name: 'Edit Fitness habits' })).toHaveAttribute(
      'href',
      `/request/survey/edit/${row.id}`,
    );
    expect(within(cells[4]).getByRole('button', { name: 'Analyze Fitness habits' })).toBeInTheDocument();
    expect(within(cells[4]).getByRole('button', { name: 'Delete Fitness habits' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Survey' })).toHaveAttribute('href', '/admin/request/survey/new');
    expect(screen.getByRole('link', { name: 'Create Collection' })).toHaveAttribute(
      'href',
      '/admin/request/collection/new',
    );
    expect(asked).toEqual([{ type: 'survey', page: 1, limit: 10 }]);
    // one page: no pagination
    expect(screen.queryByRole('navigation', { name: /pagination/i })).not.toBeInTheDocument();
  });

  it('pages by 10 and keeps the page in ?page=n', async () => {
    const { asked } = givenRequests(rowsOf(23));
    const { user, router } = await openList('/admin/request/survey/list');
    await screen.findByText('Survey 1');
    expect(screen.getAllByRole('row')).toHaveLength(11);
    const pages = screen.getByRole('navigation', { name: /pagination/i });
    await user.click(within(pages).getByRole('button', { name: 'Go to page 3' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=3'));
    await screen.findByText('Survey 21');
    expect(router.state.location.search).toBe('?page=3');
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(
      within(screen.getByRole('navigation', { name: /pagination/i })).getByRole('button', { name: 'page 3' }),
    ).toHaveAttribute('aria-current', 'page');
    expect(asked).toEqual([
      { type: 'survey', page: 1, limit: 10 },
      { type: 'survey', page: 3, limit: 10 },
    ]);
  });

  it('opens the page named in the URL', async () => {
    const { asked } = givenRequests(rowsOf(23));
    await openList('/admin/request/survey/list?page=2');
    expect(await screen.findByText('Survey 11')).toBeInTheDocument();
    expect(screen.queryByText('Survey 1')).not.toBeInTheDocument();
    expect(asked[0].page).toBe(2);
  });

  it('asks "Are you sure?", deletes with "Yes, delete it!", says "Deleted!" and reloads', async () => {
    const rows = rowsOf(2);
    const { deleted } = givenRequests(rows);
    const { user } = await openList('/admin/request/survey/list');
    await user.click(await screen.findByRole('button', { name: 'Delete Survey 1' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);

    await user.click(await screen.findByRole('button', { name: 'Delete Survey 1' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
    const done = await screen.findByRole('dialog', { name: 'Deleted!' });
    expect(deleted).toEqual([rows[0].id]);
    await user.click(within(done).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByText('Survey 1')).not.toBeInTheDocument());
    expect(screen.getByText('Survey 2')).toBeInTheDocument();
  });

  it('goes back a page when the last row of the last page is deleted', async () => {
    const { deleted } = givenRequests(rowsOf(11));
    const { user, router } = await openList('/admin/request/survey/list?page=2');
    await user.click(await screen.findByRole('button', { name: 'Delete Survey 11' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=1'));
    expect(deleted).toHaveLength(1);
    expect(await screen.findByText('Survey 10')).toBeInTheDocument();
  });

  it('analyzes a request on its detail page, carrying the row', async () => {
    const row = buildListRow({ title: 'Fitness habits' });
    givenRequests([row]);
    // the detail page's own queries never answer here: what it shows comes from the row
    server.use(
      graphql.query(RequestResultsDocument, () => delay('infinite')),
      graphql.query(SurveyResultsDocument, () => delay('infinite')),
    );
    const { user, router } = await openList('/admin/request/survey/list');
    await user.click(await screen.findByRole('button', { name: 'Analyze Fitness habits' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/admin/request/survey/detail/${row.id}`));
    expect(router.state.location.state).toEqual({
      request: {
        id: row.id,
        type: 'survey',
        typeName: 'Survey',
        title: 'Fitness habits',
        description: row.description,
        keyId: row.keyId,
        createdAt: row.createdAt,
      },
    });
    // the detail page shows it from the row
    expect(await screen.findByRole('heading', { level: 1, name: 'Fitness habits' })).toBeInTheDocument();
  });

  it('says when there is nothing yet', async () => {
    givenRequests([]);
    await openList('/admin/request/collection/list', 'Collections');
    expect(await screen.findByText('No collections yet')).toBeInTheDocument();
  });

  it('keeps the confirmation open with the reason when the delete fails', async () => {
    givenRequests(rowsOf(1));
    server.use(graphql.mutation(DeleteListedRequestDocument, () => graphQLError('NOT_FOUND', 'Request not found')));
    const { user } = await openList('/admin/request/survey/list');
    await user.click(await screen.findByRole('button', { name: 'Delete Survey 1' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Are you sure?' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, delete it!' }));
    expect(await within(confirm).findByText('Request not found')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Deleted!' })).not.toBeInTheDocument();
  });

  it('shows the error with a retry when the list cannot load', async () => {
    givenRequests([], { fail: true });
    await openList('/admin/request/collection/list', 'Collections');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The list could not be loaded: Database unavailable');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
