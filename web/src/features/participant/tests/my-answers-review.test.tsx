import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { rememberAnswer } from '../participant-storage';

// My answers (/p/answers) with payouts paid after the requester's review: waiting with its
// deadline, and rejected with the requester's reason.
const payout = (overrides: Record<string, unknown>) => ({
  status: 'awaiting_review',
  amount: 3,
  txHash: null,
  failureMessage: null,
  completedAt: null,
  reviewDueAt: '2026-03-12T08:00:00.000Z',
  reviewedAt: null,
  reviewOutcome: null,
  rejectionReason: null,
  ...overrides,
});

describe('My answers, paid after review', () => {
  it('shows an answer awaiting review with its deadline, and a rejected one with the reason', async () => {
    const waiting = 'a0000000-0000-4000-8000-000000000001';
    const rejected = 'a0000000-0000-4000-8000-000000000002';
    rememberAnswer({
      requestId: waiting,
      title: 'Sleep study',
      type: 'collection',
      bonusEach: 3,
      at: '2026-03-05T08:00:00Z',
    });
    rememberAnswer({
      requestId: rejected,
      title: 'Coffee survey',
      type: 'survey',
      bonusEach: 3,
      at: '2026-03-05T09:00:00Z',
    });
    const asked: string[] = [];
    server.use(
      http.get('*/v1/requestClient/getAccessLog', () => HttpResponse.json({ result: [] })),
      http.get('*/v1/requestClient/checkSubmitted', ({ request }) => {
        const id = new URL(request.url).searchParams.get('requestId')!;
        asked.push(id);
        return HttpResponse.json({
          result: {
            submitted: true,
            memberId: 'M000000001',
            submittedAt: '2026-03-05T08:00:00.000Z',
            payout:
              id === rejected
                ? payout({ status: 'rejected', reviewOutcome: 'rejected', rejectionReason: 'The photo is missing.' })
                : payout({}),
          },
        });
      }),
    );
    renderApp('/p/answers');
    const list = await screen.findByRole('list', { name: 'My answers' }, { timeout: 20_000 });
    const no = await within(list).findByRole('listitem', { name: 'Coffee survey' });
    expect(within(no).getByText('Rejected')).toBeInTheDocument();
    expect(
      within(no).getByText('The requester rejected your answer, so no bonus is paid. Reason: The photo is missing.'),
    ).toBeInTheDocument();
    // no amount beside "Rejected": nothing is owed
    expect(within(no).queryByText(/\d+ IPT/)).not.toBeInTheDocument();
    const wait = within(list).getByRole('listitem', { name: 'Sleep study' });
    expect(within(wait).getByText('Awaiting review')).toBeInTheDocument();
    expect(within(wait).getByText(/^\d+ IPT$/)).toBeInTheDocument();
    expect(
      within(wait).getByText(/The requester reviews your answer before paying; if not decided by .*2026/),
    ).toBeInTheDocument();
    expect(asked.sort()).toEqual([waiting, rejected]);
  });
});
