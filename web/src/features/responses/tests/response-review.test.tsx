import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from '../../../crypto/bytes';
import { sealCollectionResponse, type CollectionData } from '../../../crypto/collection-response';
import { savePrivateKey } from '../../../crypto/key-storage';
import { KEY_A } from '../../../crypto/known-answers.fixture';
import type { KeyId } from '../../../crypto/keys';
import { graphQLError } from '../../../test/factories';
import { server } from '../../../test/msw-server';
import { givenSignedInSession, renderApp } from '../../../test/render-app';
import { buildRequestResults } from '../../../test/request-factories';
import {
  ApproveResponsesDocument,
  CollectionResponsesDocument,
  RejectResponsesDocument,
  RequestResultsDocument,
  SurveyResponsesDocument,
  SurveyResultsDocument,
  type ReviewPayout_PayoutFragment,
} from '../responses.generated';
import { enterText } from '../../../test/enter-text';

// Payout after review on the requester's side: the payout of each response, Approve and Reject for
// one row or many, the reason dialog, and the rows this browser flags (cannot open, lack data).
const COMPLETE: CollectionData = {
  firstName: 'Zoë',
  lastName: 'Ångström',
  age: 34,
  mobile: '+1 555 0142',
  email: 'zoe@example.org',
  gender: 'female',
  location: { name: 'Home', street: 'Rua 12', region: 'Lisboa', district: 'Alfama', city: 'Lisbon', country: 'PT' },
  image_upload: ['https://images.example.org/p/1.jpg'],
};
// the request asks for profile, location and images: this one sends a name only
const INCOMPLETE: CollectionData = { firstName: 'Tariq', lastName: 'Haddad', mobile: '+1 555 0107', gender: 'male' };
const DUE = '2026-03-12T08:00:00.000Z';

const awaiting = (): ReviewPayout_PayoutFragment => ({
  status: 'awaiting_review',
  amount: 2,
  txHash: null,
  failureMessage: null,
  reviewDueAt: DUE,
  reviewOutcome: null,
  rejectionReason: null,
});
const payoutJson = (p: ReviewPayout_PayoutFragment) => ({ __typename: 'Payout' as const, ...p });

type Calls = { approve: string[][]; reject: { ids: string[]; reason: string }[] };

/**
 * A published collection paid after review with four responses sealed to KEY_A: complete, tampered
 * (cannot be decrypted), incomplete, and one already rejected. The server's side is a map of
 * payouts the mutations change, so a reload shows what they did.
 */
async function givenReviewedCollection(options: { conflictOnApprove?: string; hold?: Promise<void> } = {}) {
  givenSignedInSession();
  savePrivateKey(KEY_A.id as KeyId, KEY_A.privatePem);
  const request = buildRequestResults({
    type: 'collection',
    title: 'Reviewed study',
    keyId: KEY_A.id,
    responseCount: 4,
    payAfterReview: true,
    reviewDays: 5,
  });
  const people = [COMPLETE, COMPLETE, INCOMPLETE, COMPLETE];
  const rows: { id: string; memberId: string; encryptedData: string; sealedKey: string; createdAt: string }[] = [];
  for (const [i, person] of people.entries()) {
    const sealed = await sealCollectionResponse(request.id, KEY_A.publicPem, person);
    if (i === 1) {
      const body = fromBase64(sealed.encryptedData.slice('aesgcm1.'.length))!;
      body[20] ^= 0x01;
      sealed.encryptedData = `aesgcm1.${toBase64(body)}`;
    }
    rows.push({ id: `resp-${i}`, memberId: `M00000000${i}`, ...sealed, createdAt: '2026-03-05T08:00:00Z' });
  }
  const payouts = new Map<string, ReviewPayout_PayoutFragment>(rows.map((r) => [r.id, awaiting()]));
  payouts.set('resp-3', {
    ...awaiting(),
    status: 'rejected',
    reviewOutcome: 'rejected',
    rejectionReason: 'Sent twice',
  });
  const calls: Calls = { approve: [], reject: [] };
  const decided = (ids: readonly string[]) =>
    ids.map((id) => ({ __typename: 'Response', id, payout: payoutJson(payouts.get(id)!) }));
  server.use(
    graphql.query(RequestResultsDocument, () => HttpResponse.json({ data: { request } })),
    graphql.query(CollectionResponsesDocument, () =>
      HttpResponse.json({
        data: {
          requestResponses: {
            list: rows.map((row) => ({ __typename: 'Response', ...row, payout: payoutJson(payouts.get(row.id)!) })),
            count: rows.length,
            offset: 0,
            awaitingReview: [...payouts.values()].filter((p) => p.status === 'awaiting_review').length,
          },
        },
      }),
    ),
    graphql.mutation(ApproveResponsesDocument, async ({ variables }) => {
      const ids = [variables.responseIds].flat();
      calls.approve.push(ids);
      await options.hold;
      if (options.conflictOnApprove) {
        // another tab rejected the first one a moment ago
        payouts.set(ids[0], { ...awaiting(), status: 'rejected', reviewOutcome: 'rejected', rejectionReason: 'No' });
        return graphQLError('CONFLICT', options.conflictOnApprove);
      }
      for (const id of ids) payouts.set(id, { ...payouts.get(id)!, status: 'pending', reviewOutcome: 'approved' });
      return HttpResponse.json({ data: { approveResponses: decided(ids) } });
    }),
    graphql.mutation(RejectResponsesDocument, ({ variables }) => {
      const ids = [variables.responseIds].flat();
      calls.reject.push({ ids, reason: variables.reason });
      for (const id of ids) {
        payouts.set(id, {
          ...payouts.get(id)!,
          status: 'rejected',
          reviewOutcome: 'rejected',
          rejectionReason: variables.reason,
        });
      }
      return HttpResponse.json({ data: { rejectResponses: decided(ids) } });
    }),
  );
  return { request, calls };
}

async function openTable() {
  const table = await screen.findByRole('table', { name: 'Responses' }, { timeout: 20_000 });
  // decrypted: the complete row shows its name
  await waitFor(() => expect(within(table).getAllByText('Zoë').length).toBeGreaterThan(0));
  return table;
}
const rowOf = (table: HTMLElement, memberId: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByText(memberId) !== null)!;

describe('reviewing a collection paid after review', () => {
  it('shows each payout with Approve and Reject, and flags the rows that do not open or lack data', async () => {
    const { request } = await givenReviewedCollection();
    renderApp(`/admin/request/collection/detail/${request.id}`);
    const table = await openTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      '',
      'Member ID',
      'Payout',
      'First Name',
      'Last Name',
      'Age',
      'Mobile',
      'Email',
      'Gender',
      'Location',
      'Images',
    ]);
    expect(screen.getByText(/3 responses awaiting your decision/)).toHaveTextContent(
      'A response you have not decided within 5 days is approved and paid by itself.',
    );

    const complete = rowOf(table, 'M000000000');
    expect(within(complete).getByText('Awaiting review')).toBeInTheDocument();
    expect(within(complete).queryByText(/Flagged/)).not.toBeInTheDocument();
    expect(within(complete).getByRole('button', { name: 'Approve response M000000000' })).toBeEnabled();

    const tampered = rowOf(table, 'M000000001');
    expect(within(tampered).getByText('Flagged: cannot be decrypted')).toBeInTheDocument();
    const incomplete = rowOf(table, 'M000000002');
    expect(within(incomplete).getByText('Flagged: Lacks age, e-mail, location, images.')).toBeInTheDocument();
    expect(
      screen.getByText(/2 responses on this page cannot be decrypted here or lack data the request asked for/),
    ).toBeInTheDocument();

    // a decided row: its reason, and nothing left to do
    const rejected = rowOf(table, 'M000000003');
    expect(within(rejected).getByText('Rejected')).toBeInTheDocument();
    expect(within(rejected).getByText('Sent twice')).toBeInTheDocument();
    expect(within(rejected).queryByRole('button', { name: /Approve|Reject/ })).not.toBeInTheDocument();
    expect(within(rejected).getByRole('checkbox', { name: 'Select response M000000003' })).toBeDisabled();
  });

  it('approves one row once, even when clicked again while the first approval is on its way', async () => {
    let release = () => {};
    const { request, calls } = await givenReviewedCollection({ hold: new Promise((resolve) => (release = resolve)) });
    const { user } = renderApp(`/admin/request/collection/detail/${request.id}`);
    const table = await openTable();
    const approve = within(rowOf(table, 'M000000000')).getByRole('button', { name: 'Approve response M000000000' });
    await user.click(approve);
    await waitFor(() => expect(calls.approve).toHaveLength(1));
    expect(approve).toBeDisabled();
    // a click the browser would not deliver, delivered anyway
    fireEvent.click(approve);
    release();
    await waitFor(() => expect(within(rowOf(table, 'M000000000')).getByText('Approved, paying')).toBeInTheDocument());
    expect(calls.approve).toEqual([['resp-0']]);
    expect(within(rowOf(table, 'M000000000')).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/2 responses awaiting your decision/)).toBeInTheDocument());
  });

  it('rejects the flagged rows together, with the reason asked for in a dialog', async () => {
    const { request, calls } = await givenReviewedCollection();
    const { user } = renderApp(`/admin/request/collection/detail/${request.id}`);
    const table = await openTable();
    await user.click(screen.getByRole('button', { name: 'Select flagged' }));
    expect(within(table).getByRole('checkbox', { name: 'Select response M000000001' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Select response M000000002' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Select response M000000000' })).not.toBeChecked();
    const toolbar = screen.getByRole('toolbar', { name: 'Selected responses' });
    expect(toolbar).toHaveTextContent('2 selected');

    await user.click(within(toolbar).getByRole('button', { name: 'Reject selected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 2 responses?' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    // a reason is offered for flagged rows, and one is required
    expect(reason).toHaveValue('Your answer could not be decrypted or lacks data this request asked for.');
    await user.clear(reason);
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeDisabled();
    expect(within(dialog).getByText('Say why, in words the participant understands.')).toBeInTheDocument();
    await enterText(user, reason, 'The data could not be used.');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(calls.reject).toEqual([{ ids: ['resp-1', 'resp-2'], reason: 'The data could not be used.' }]);
    expect(calls.approve).toEqual([]);
    for (const member of ['M000000001', 'M000000002']) {
      const row = rowOf(table, member);
      await waitFor(() => expect(within(row).getByText('Rejected')).toBeInTheDocument());
      expect(within(row).getByText('The data could not be used.')).toBeInTheDocument();
    }
    expect(screen.queryByRole('toolbar', { name: 'Selected responses' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select flagged' })).not.toBeInTheDocument();
  });

  it('rejects one row with a reason of its own, and Cancel sends nothing', async () => {
    const { request, calls } = await givenReviewedCollection();
    const { user } = renderApp(`/admin/request/collection/detail/${request.id}`);
    const table = await openTable();
    await user.click(within(rowOf(table, 'M000000000')).getByRole('button', { name: 'Reject response M000000000' }));
    let dialog = await screen.findByRole('dialog', { name: 'Reject 1 response?' });
    // nothing flagged on this row: no reason is offered
    expect(within(dialog).getByRole('textbox', { name: /Reason/ })).toHaveValue('');
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.reject).toEqual([]);

    await user.click(within(rowOf(table, 'M000000000')).getByRole('button', { name: 'Reject response M000000000' }));
    dialog = await screen.findByRole('dialog', { name: 'Reject 1 response?' });
    await enterText(user, within(dialog).getByRole('textbox', { name: /Reason/ }), 'Not from the study area');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(calls.reject).toEqual([{ ids: ['resp-0'], reason: 'Not from the study area' }]));
  });

  it('approves every awaiting row of the page at once; a conflict from another tab is shown and the rows reload', async () => {
    const { request, calls } = await givenReviewedCollection({
      conflictOnApprove: 'Response M000000000 was already rejected',
    });
    const { user } = renderApp(`/admin/request/collection/detail/${request.id}`);
    const table = await openTable();
    await user.click(
      within(table).getByRole('checkbox', { name: 'Select every response awaiting review on this page' }),
    );
    const toolbar = screen.getByRole('toolbar', { name: 'Selected responses' });
    expect(toolbar).toHaveTextContent('3 selected');
    await user.click(within(toolbar).getByRole('button', { name: 'Approve selected' }));
    expect(await screen.findByText('Response M000000000 was already rejected')).toBeInTheDocument();
    expect(calls.approve).toEqual([['resp-0', 'resp-1', 'resp-2']]);
    // reloaded: the row another tab decided shows it, and is no longer offered
    await waitFor(() => expect(within(rowOf(table, 'M000000000')).getByText('Rejected')).toBeInTheDocument());
    expect(within(rowOf(table, 'M000000000')).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });

  it('shows no review controls on a request paid on submission', async () => {
    const { request } = await givenReviewedCollection();
    server.use(
      graphql.query(RequestResultsDocument, () =>
        HttpResponse.json({ data: { request: { ...request, payAfterReview: false } } }),
      ),
      graphql.query(CollectionResponsesDocument, () =>
        HttpResponse.json({ data: { requestResponses: { list: [], count: 1, offset: 0, awaitingReview: 0 } } }),
      ),
    );
    renderApp(`/admin/request/collection/detail/${request.id}`);
    const table = await screen.findByRole('table', { name: 'Responses' }, { timeout: 20_000 });
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('Member ID');
    expect(screen.queryByText(/awaiting your decision/)).not.toBeInTheDocument();
  });
});

describe('reviewing a survey paid after review', () => {
  it('lists the responses with their answers, flags an unanswered question, and approves', async () => {
    givenSignedInSession();
    const survey = buildRequestResults({ type: 'survey', title: 'Coffee', payAfterReview: true, reviewDays: 7 });
    const group = (questionId: string, title: string) => ({
      __typename: 'SurveyResultGroup' as const,
      questionId,
      title,
      type: 'radios' as const,
      data: [],
    });
    const approved: string[][] = [];
    const answer = (questionId: string, option: string) => ({ __typename: 'ResponseAnswer', questionId, option });
    const rows = [
      { id: 's-0', memberId: 'S000000000', answers: [answer('q1', 'Tea'), answer('q2', '4')] },
      { id: 's-1', memberId: 'S000000001', answers: [answer('q1', 'Coffee')] },
    ];
    server.use(
      graphql.query(RequestResultsDocument, () => HttpResponse.json({ data: { request: survey } })),
      graphql.query(SurveyResultsDocument, () =>
        HttpResponse.json({
          data: { surveyStatistics: [group('q1', 'Coffee or tea?'), group('q2', 'Rate the menu')] },
        }),
      ),
      graphql.query(SurveyResponsesDocument, () =>
        HttpResponse.json({
          data: {
            requestResponses: {
              list: rows.map((r) => ({
                __typename: 'Response',
                ...r,
                createdAt: '2026-03-05T08:00:00Z',
                payout: payoutJson(
                  approved.flat().includes(r.id)
                    ? { ...awaiting(), status: 'pending', reviewOutcome: 'approved' }
                    : awaiting(),
                ),
              })),
              count: 2,
              offset: 0,
              awaitingReview: 2 - approved.flat().length,
            },
          },
        }),
      ),
      graphql.mutation(ApproveResponsesDocument, ({ variables }) => {
        const ids = [variables.responseIds].flat();
        approved.push(ids);
        return HttpResponse.json({
          data: {
            approveResponses: ids.map((id) => ({
              __typename: 'Response',
              id,
              payout: payoutJson({ ...awaiting(), status: 'pending', reviewOutcome: 'approved' }),
            })),
          },
        });
      }),
    );
    const { user } = renderApp(`/admin/request/survey/detail/${survey.id}`);
    const table = await screen.findByRole('table', { name: 'Survey responses' }, { timeout: 20_000 });
    await waitFor(() => expect(within(table).getByText('Coffee or tea?: Tea')).toBeInTheDocument());
    expect(within(table).getByText('Rate the menu: 4')).toBeInTheDocument();
    expect(within(rowOf(table, 'S000000001')).getByText('Flagged: Unanswered: Rate the menu.')).toBeInTheDocument();
    expect(within(rowOf(table, 'S000000000')).queryByText(/Flagged/)).not.toBeInTheDocument();

    await user.click(within(table).getByRole('checkbox', { name: 'Select response S000000000' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Select response S000000001' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected' }));
    await waitFor(() => expect(within(table).getAllByText('Approved, paying')).toHaveLength(2));
    expect(approved).toEqual([['s-0', 's-1']]);
  });
});

describe('reviewing page by page', () => {
  it('turns to the next 25 responses and drops the selection made on the page before', async () => {
    givenSignedInSession();
    const survey = buildRequestResults({ type: 'survey', title: 'Long survey', payAfterReview: true, reviewDays: 7 });
    const offsets: number[] = [];
    const all = Array.from({ length: 30 }, (_, i) => ({
      __typename: 'Response' as const,
      id: `p-${i}`,
      memberId: `P${String(i).padStart(9, '0')}`,
      answers: [{ __typename: 'ResponseAnswer' as const, questionId: 'q1', option: 'Tea' }],
      createdAt: '2026-03-05T08:00:00Z',
      payout: payoutJson(awaiting()),
    }));
    server.use(
      graphql.query(RequestResultsDocument, () => HttpResponse.json({ data: { request: survey } })),
      graphql.query(SurveyResultsDocument, () =>
        HttpResponse.json({
          data: {
            surveyStatistics: [{ questionId: 'q1', title: 'Tea?', type: 'radios', data: [] }],
          },
        }),
      ),
      graphql.query(SurveyResponsesDocument, ({ variables }) => {
        const offset = variables.offset ?? 0;
        offsets.push(offset);
        return HttpResponse.json({
          data: {
            requestResponses: {
              list: all.slice(offset, offset + (variables.limit ?? 25)),
              count: all.length,
              offset,
              awaitingReview: all.length,
            },
          },
        });
      }),
    );
    const { user } = renderApp(`/admin/request/survey/detail/${survey.id}`);
    const table = await screen.findByRole('table', { name: 'Survey responses' }, { timeout: 20_000 });
    await within(table).findByText('P000000000');
    expect(within(table).getAllByRole('checkbox', { name: /^Select response / })).toHaveLength(25);
    await user.click(within(table).getByRole('checkbox', { name: 'Select response P000000003' }));
    expect(screen.getByText('1 selected')).toBeInTheDocument();

    // (the pagination bar loads on demand, once the count says there is more than one page)
    await user.click(await screen.findByRole('button', { name: 'Go to next page' }));
    await within(table).findByText('P000000025');
    expect(within(table).getAllByRole('checkbox', { name: /^Select response / })).toHaveLength(5);
    expect(screen.queryByText('1 selected')).not.toBeInTheDocument();
    expect(offsets).toContain(25);
    // back on the first page, nothing is selected any more
    await user.click(screen.getByRole('button', { name: 'Go to previous page' }));
    expect(await within(table).findByRole('checkbox', { name: 'Select response P000000003' })).not.toBeChecked();
    expect(screen.queryByText('1 selected')).not.toBeInTheDocument();
  });
});
