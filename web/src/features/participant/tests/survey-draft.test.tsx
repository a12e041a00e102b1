import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import type { EndUserData } from '../api/phone-api';
import { surveyOrder } from '../components/survey-form';
import { deviceId } from '../participant-storage';
import {
  clearDraft,
  clearQueued,
  loadDraft,
  queueAnswer,
  queuedAnswer,
  saveDraft,
  type QueuedAnswer,
} from '../survey-draft';

// The survey draft (survey-draft.ts): a participant's answers survive a reload and a lost
// connection; personal answers never stay in the browser in clear; an answer made offline is sent
// when the connection returns, with the same key however often it goes.
const REQUEST_ID = 'b0000000-0000-4000-8000-000000000001';
const [Q1, Q2, Q3, Q4] = [1, 2, 3, 4].map((n) => `c0000000-0000-4000-8000-00000000000${n}`);
const QUESTIONS = [
  { id: Q1, personal: false },
  { id: Q2, personal: false },
  { id: Q3, personal: true },
];

describe('the draft store', () => {
  it('keeps closed answers per request and never a personal one', () => {
    saveDraft(REQUEST_ID, { [Q1]: 'Blue', [Q2]: ['Tea', 'Cake'], [Q3]: 'Ada Lovelace', [Q4]: 'stray' }, QUESTIONS);
    expect(localStorage.getItem(`parley.participant.draft.${REQUEST_ID}`)).not.toContain('Ada');
    expect(loadDraft(REQUEST_ID, QUESTIONS)).toEqual({ [Q1]: 'Blue', [Q2]: ['Tea', 'Cake'] });
    expect(loadDraft('another-request', QUESTIONS)).toEqual({});
    // a value of no answer's shape (an edited or older entry) is dropped, not trusted
    localStorage.setItem(`parley.participant.draft.${REQUEST_ID}`, JSON.stringify({ [Q1]: { a: 1 }, [Q2]: 4 }));
    expect(loadDraft(REQUEST_ID, QUESTIONS)).toEqual({ [Q2]: 4 });
    saveDraft(REQUEST_ID, { [Q3]: 'only personal' }, QUESTIONS);
    expect(localStorage.getItem(`parley.participant.draft.${REQUEST_ID}`)).toBeNull();
    saveDraft(REQUEST_ID, { [Q1]: 'Red' }, QUESTIONS);
    clearDraft(REQUEST_ID);
    expect(loadDraft(REQUEST_ID, QUESTIONS)).toEqual({});
  });

  it('keeps an answer waiting to be sent, with its key', () => {
    const answer: QueuedAnswer = {
      requestId: REQUEST_ID,
      deviceId: 'pw-x',
      walletAddress: '0x0000000000000000000000000000000000000001',
      idempotencyKey: 'ans-1234567890',
      answers: [{ questionId: Q1, answer: 'Blue' }],
    };
    queueAnswer(answer);
    expect(queuedAnswer(REQUEST_ID)).toEqual(answer);
    expect(queuedAnswer('another-request')).toBeNull();
    clearQueued(REQUEST_ID);
    expect(queuedAnswer(REQUEST_ID)).toBeNull();
  });
});

const SURVEY: EndUserData = {
  id: REQUEST_ID,
  type: 'survey',
  type_name: 'Survey',
  title: 'Snack study',
  description: 'Two questions',
  quality: 'high',
  access: 'Multiple Access',
  bonus_each: 1,
  bonus_amount: 10,
  remaining: 10,
  pay_after_review: false,
  review_days: 7,
  key: 'k',
  publicKey: '',
  options: null,
  questions: [
    {
      id: Q1,
      index: 0,
      type: 'radios',
      title: 'Favourite colour',
      options: ['Red', 'Green', 'Blue', 'Black', 'White'],
      block: { shuffle: true },
      shuffleOptions: true,
    },
    { id: Q2, index: 1, type: 'checkboxes', title: 'Snacks', options: ['Tea', 'Cake'] },
  ],
};

function givenSurvey(submit: (body: QueuedAnswer) => Response) {
  const sent: QueuedAnswer[] = [];
  server.use(
    http.get('*/v1/requestClient/getEndUserData', () => HttpResponse.json({ result: SURVEY })),
    http.get('*/v1/requestClient/checkSubmitted', () =>
      HttpResponse.json({ result: { submitted: false, memberId: null, submittedAt: null, payout: null } }),
    ),
    http.get('*/v1/requestClient/getFieldwork', () =>
      HttpResponse.json({ result: { attention_checks: 0, attention_rule: null, screeners: 0 } }),
    ),
    http.get('*/v1/requestClient/getConsentTerms', () => HttpResponse.json({ result: null }, { status: 404 })),
    http.post('*/v1/requestClient/submitSurvey', async ({ request }) => {
      const body = (await request.json()) as QueuedAnswer;
      sent.push(body);
      return submit(body);
    }),
  );
  return sent;
}

const ACCEPTED = {
  result: {
    outcome: 'accepted',
    id: 'd0000000-0000-4000-8000-000000000001',
    memberId: 'M1',
    created: '2026-03-05T08:00:00.000Z',
    payout: null,
    quota: null,
    message: null,
  },
};

const choices = (name: string) =>
  within(screen.getByRole('radiogroup', { name: new RegExp(name) }))
    .getAllByRole('radio')
    .map((r) => r.getAttribute('value'));

describe('answering a survey in the participant app', () => {
  it('shows the same shuffled order after a reload, with the answers given so far', async () => {
    givenSurvey(() => HttpResponse.json(ACCEPTED));
    localStorage.setItem(
      'parley.participant.wallet',
      JSON.stringify({ kind: 'pasted', address: '0x0000000000000000000000000000000000000001' }),
    );
    const first = renderApp(`/p/r/${REQUEST_ID}`);
    await screen.findByRole('form', { name: 'Your answer' });
    const order = choices('Favourite colour');
    expect([...order].sort()).toEqual(['Black', 'Blue', 'Green', 'Red', 'White']);
    await first.user.click(screen.getByRole('radio', { name: 'Blue' }));
    first.unmount();

    const again = renderApp(`/p/r/${REQUEST_ID}`);
    await screen.findByRole('form', { name: 'Your answer' });
    expect(choices('Favourite colour')).toEqual(order);
    expect(screen.getByRole('radio', { name: 'Blue' })).toBeChecked();
    again.unmount();
  });

  it('keeps an answer made offline and sends it once the connection returns, with the same key', async () => {
    let online = false;
    const sent = givenSurvey(() => (online ? HttpResponse.json(ACCEPTED) : HttpResponse.error()));
    localStorage.setItem(
      'parley.participant.wallet',
      JSON.stringify({ kind: 'pasted', address: '0x0000000000000000000000000000000000000001' }),
    );
    const { user } = renderApp(`/p/r/${REQUEST_ID}`);
    await screen.findByRole('form', { name: 'Your answer' });
    await user.click(screen.getByRole('radio', { name: 'Green' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cake' }));
    await user.click(screen.getByRole('button', { name: 'Send my answers' }));
    await screen.findByTestId('answer-waiting');
    expect(queuedAnswer(REQUEST_ID)).toMatchObject({
      answers: [{ questionId: Q1, answer: 'Green' }, { questionId: Q2 }],
    });

    online = true;
    window.dispatchEvent(new Event('online'));
    await screen.findByText('Thank you: your answer was received');
    expect(sent.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sent.map((b) => b.idempotencyKey)).size).toBe(1);
    // the order shown to this device (its block shuffles Q1 and Q2: either order may be drawn)
    expect(sent[0].presented?.questions).toEqual(surveyOrder(REQUEST_ID, deviceId(), SURVEY.questions!)?.questions);
    expect([...sent[0].presented!.questions].sort()).toEqual([Q1, Q2]);
    expect([...sent[0].presented!.options[Q1]].sort()).toEqual(['Black', 'Blue', 'Green', 'Red', 'White']);
    // nothing is left waiting, and the draft went with the answer
    expect(queuedAnswer(REQUEST_ID)).toBeNull();
    expect(localStorage.getItem(`parley.participant.draft.${REQUEST_ID}`)).toBeNull();
  });
});
