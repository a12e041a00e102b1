import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import vector from '../../../../../docs/vectors/consent-receipt.json';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { rememberAnswer } from '../participant-storage';
import { checkReceipt, tokenOf } from '../receipt-check';

// The participant's view of their rights: the access log under My answers, and the verify page,
// which checks the known-answer receipt of docs/ against its key set in the browser.
describe('checking a receipt in the browser', () => {
  it('accepts the known-answer receipt and refuses its tampered copy', async () => {
    const ok = await checkReceipt(JSON.stringify({ receipt: vector.token }), vector.jwks);
    expect(ok).toMatchObject({ genuine: true, claims: { submission: { hash: vector.claims.submission.hash } } });
    const bad = await checkReceipt(vector.tampered, vector.jwks);
    expect(bad).toEqual({
      genuine: false,
      reason: 'The signature does not match: the receipt was changed after Parley signed it.',
    });
    expect(tokenOf('not a receipt')).toBeNull();
  });

  it('says on the verify page whether a pasted receipt is genuine', async () => {
    server.use(http.get('*/.well-known/jwks.json', () => HttpResponse.json(vector.jwks)));
    renderApp('/p/verify');
    const box = await screen.findByLabelText('Or paste the receipt', undefined, { timeout: 20_000 });
    fireEvent.change(box, { target: { value: vector.token } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    const status = await screen.findByRole('status');
    expect(await within(status).findByText('Genuine: signed by Parley and unchanged since.')).toBeInTheDocument();
    expect(within(status).getByText('Commuting habits 2026')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: vector.tampered } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/Not genuine\. The signature does not match/)).toBeInTheDocument();
  });
});

describe('the access log under My answers', () => {
  it('tells each event in words, newest first, with the request it was about', async () => {
    const requestId = 'b0000000-0000-4000-8000-000000000001';
    rememberAnswer({ requestId, title: 'Sleep study', type: 'collection', bonusEach: 3, at: '2026-03-05T08:00:00Z' });
    const line = (kind: string, at: string, detail: string | null = null, actor = 'requester') => ({
      id: `c0000000-0000-4000-8000-0000000000${at.slice(14, 16)}`,
      kind,
      actor: kind === 'submitted' ? 'participant' : actor,
      detail,
      at,
      requestId,
      requestTitle: 'Sleep study',
      submissionId: 'd0000000-0000-4000-8000-000000000001',
    });
    server.use(
      http.get('*/v1/requestClient/checkSubmitted', () =>
        HttpResponse.json({
          result: { submitted: true, memberId: 'M1', submittedAt: '2026-03-05T08:00:00.000Z', payout: null },
        }),
      ),
      http.get('*/v1/requestClient/getAccessLog', () =>
        HttpResponse.json({
          result: [
            line('approved', '2026-03-05T08:06:00.000Z', 'review deadline', 'platform'),
            line('image_downloaded', '2026-03-05T08:05:00.000Z', null, 'someone'),
            line('image_downloaded', '2026-03-05T08:04:00.000Z'),
            line('webhook', '2026-03-05T08:03:00.000Z', 'response.created'),
            line('listed', '2026-03-05T08:02:00.000Z', 'collection'),
            line('submitted', '2026-03-05T08:01:00.000Z'),
          ],
        }),
      ),
    );
    renderApp('/p/answers');
    const events = await screen.findByRole('list', { name: 'Access events' }, { timeout: 20_000 });
    const items = await within(events).findAllByRole('listitem');
    expect(items.map((i) => i.querySelector('p')?.textContent)).toEqual([
      'Your answer was approved: the requester did not review it by the deadline',
      'Someone with its link downloaded an encrypted image of yours',
      'The requester downloaded an encrypted image of yours',
      "The requester's system was told (response.created)",
      'The requester downloaded your encrypted answer',
      'You sent your answer',
    ]);
    expect(within(items[4]).getByText(/Sleep study/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download receipt' })).toBeInTheDocument();
  });
});
