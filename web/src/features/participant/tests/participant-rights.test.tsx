import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import vector from '../../../../../docs/vectors/consent-receipt.json';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { rememberAnswer } from '../participant-storage';
import { setAppLanguage } from '../i18n/i18n';
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

// The rest of the app in the participant's language: each screen in Arabic (right to left) and in
// French, picked in the header's switch or kept from an earlier visit.
describe('the participant app in Arabic and French', () => {
  afterEach(() => setAppLanguage('en'));
  const requestId = 'b0000000-0000-4000-8000-000000000002';
  const given = () => {
    rememberAnswer({ requestId, title: 'Sleep study', type: 'survey', bonusEach: 3, at: '2026-03-05T08:00:00Z' });
    server.use(
      http.get('*/v1/requestClient/getOpenRequests', () =>
        HttpResponse.json({
          result: {
            list: [
              {
                id: requestId,
                title: 'Sleep study',
                type: 'survey',
                type_name: 'Survey',
                desc: '',
                created: '2026-03-01T08:00:00.000Z',
                questionCount: 3,
                quality: 'all',
                access: 'Single Access',
                bonus_each: 1500,
                remaining: 2,
              },
            ],
            info: { count: 1, pages: 1, page: 1 },
          },
        }),
      ),
      http.get('*/v1/requestClient/checkSubmitted', () =>
        HttpResponse.json({
          result: {
            submitted: true,
            memberId: 'M1',
            submittedAt: '2026-03-05T08:00:00.000Z',
            payout: { status: 'sent', amount: 1500, txHash: null, failureMessage: null, completedAt: null },
          },
        }),
      ),
      http.get('*/v1/requestClient/getAccessLog', () =>
        HttpResponse.json({
          result: [
            {
              id: 'c0000000-0000-4000-8000-000000000001',
              kind: 'submitted',
              actor: 'participant',
              detail: null,
              at: '2026-03-05T08:01:00.000Z',
              requestId,
              requestTitle: 'Sleep study',
              submissionId: 'd0000000-0000-4000-8000-000000000001',
            },
          ],
        }),
      ),
    );
  };
  const app = () => screen.getByRole('banner').parentElement;

  it('shows every screen in Arabic, right to left, once picked in the header', async () => {
    given();
    const { user } = renderApp('/p');
    expect(await screen.findByRole('heading', { name: 'Open requests' }, { timeout: 20_000 })).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'ar');
    // open requests: heading, the request's line with numbers in Arabic's words
    expect(await screen.findByRole('heading', { name: 'الطلبات المفتوحة' })).toBeInTheDocument();
    expect(app()).toHaveAttribute('dir', 'rtl');
    expect(app()).toHaveAttribute('lang', 'ar');
    expect(screen.getByText(/استطلاع · 3 أسئلة · بقي مكانان/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'المشارك' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['الطلبات', 'إجاباتي', 'المحفظة']);
    expect(document.title).toBe('الطلبات المفتوحة · Parley');
    // the wallet panel
    await user.click(within(nav).getByRole('link', { name: 'المحفظة' }));
    const tabs = await screen.findByRole('tablist', { name: 'طريقة استلام المكافآت' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['إنشاء', 'لصق', 'ربط']);
    expect(screen.getByRole('button', { name: 'أنشئ محفظة في هذا المتصفح' })).toBeInTheDocument();
    // My answers with its payout, the access log and Your data
    await user.click(within(nav).getByRole('link', { name: 'إجاباتي' }));
    expect(await screen.findByRole('heading', { name: 'إجاباتي', level: 1 })).toBeInTheDocument();
    const events = await screen.findByRole('list', { name: 'أحداث الوصول' });
    expect(await within(events).findByText('أرسلت إجابتك')).toBeInTheDocument();
    expect(await screen.findByText('أُرسلت الدفعة')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'احذف بياناتي' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'نزّل الإيصال' })).toBeInTheDocument();
    // the pick is kept in this browser
    expect(localStorage.getItem('parley.participant.language')).toBe('"ar"');
  });

  it('shows every screen in French, kept from an earlier visit, with French numbers and dates', async () => {
    given();
    localStorage.setItem('parley.participant.language', JSON.stringify('fr'));
    renderApp('/p');
    expect(await screen.findByRole('heading', { name: 'Demandes ouvertes' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(app()).toHaveAttribute('dir', 'ltr');
    expect(app()).toHaveAttribute('lang', 'fr');
    // 1500 in French digits and separators (a narrow no-break space)
    expect(await screen.findByText(/^1\s500 IPT par réponse$/)).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Participant' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Demandes', 'Mes réponses', 'Portefeuille']);
    expect(screen.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
  });

  it.each([
    [
      'ar',
      'rtl',
      'تحقّق من إيصال',
      'أو الصق الإيصال',
      'تحقّق',
      'تعذّر تحميل مفاتيح Parley (ردّ الخادم بالرمز 503). حاول مرة أخرى لاحقًا.',
    ],
    [
      'fr',
      'ltr',
      'Vérifier un reçu',
      'Ou collez le reçu',
      'Vérifier',
      "Les clés de Parley n'ont pas pu être chargées (le serveur a répondu 503). Réessayez plus tard.",
    ],
  ])(
    'shows My answers, its dates, and the receipt check in %s',
    async (language, dir, heading, paste, check, noKeys) => {
      given();
      localStorage.setItem('parley.participant.language', JSON.stringify(language));
      renderApp('/p/answers');
      const item = await screen.findByRole('listitem', { name: 'Sleep study' }, { timeout: 20_000 });
      const date = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date('2026-03-05T08:00:00.000Z'),
      );
      expect(within(item).getByText(new RegExp(date.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeInTheDocument();
      expect(app()).toHaveAttribute('dir', dir);
      renderApp('/p/verify');
      expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
      expect(screen.getByLabelText(paste)).toBeInTheDocument();
      // the published keys do not load: said in the language
      server.use(http.get('*/.well-known/jwks.json', () => new HttpResponse(null, { status: 503 })));
      fireEvent.change(screen.getByLabelText(paste), { target: { value: vector.token } });
      fireEvent.click(screen.getByRole('button', { name: check }));
      expect(await screen.findByText(noKeys)).toBeInTheDocument();
    },
  );

  it.each([
    ['ar', 'تعذّر تحميل الطلبات: الخادم مشغول أو قيد التحديث. حاول مرة أخرى بعد قليل.'],
    [
      'fr',
      "Les demandes n'ont pas pu être chargées : Le serveur est occupé ou en cours de mise à jour. Réessayez dans un instant.",
    ],
    ['en', 'The requests could not be loaded: Database is restarting'],
  ])("shows the server's error by its code in %s", async (language, shown) => {
    localStorage.setItem('parley.participant.language', JSON.stringify(language));
    server.use(
      http.get('*/v1/requestClient/getOpenRequests', () =>
        HttpResponse.json(
          { error: { code: 'SERVICE_UNAVAILABLE', message: 'Database is restarting' } },
          { status: 503 },
        ),
      ),
    );
    renderApp('/p');
    expect(await screen.findByText(shown, undefined, { timeout: 20_000 })).toBeInTheDocument();
  });

  it('shows a collection request, its fields and the consent terms in Arabic, right to left', async () => {
    const id = 'b0000000-0000-4000-8000-000000000003';
    localStorage.setItem('parley.participant.language', JSON.stringify('ar'));
    server.use(
      http.get('*/v1/requestClient/getEndUserData', ({ request }) => {
        // asked in the participant's language first
        expect(new URL(request.url).searchParams.get('lang')?.split(',')[0]).toBe('ar');
        return HttpResponse.json({
          result: {
            id,
            type: 'collection',
            type_name: 'Collection',
            title: 'Sleep study',
            description: 'Your profile and your health.',
            quality: 'all',
            access: 'Single Access',
            bonus_each: 3,
            bonus_amount: 30,
            remaining: 1,
            pay_after_review: false,
            review_days: 7,
            key: 'k1',
            publicKey: 'pem',
            options: { profileData: true, healthData: true },
            questions: null,
          },
        });
      }),
      http.get('*/v1/requestClient/checkSubmitted', () =>
        HttpResponse.json({ result: { submitted: false, memberId: null, submittedAt: null, payout: null } }),
      ),
      http.get('*/v1/requestClient/getConsentTerms', () =>
        HttpResponse.json({
          result: {
            requestId: id,
            controller: 'Acme',
            purpose: 'Your profile and your health.',
            categories: ['Profile: name, age, mobile, e-mail, gender', 'Health: steps, resting heart rate, sleep'],
            sensitive: ['health'],
            reward: { amount: 3, currency: 'IPT', payAfterReview: true },
            retention: {
              days: null,
              until: null,
              text: 'Kept until you withdraw your answer or the requester deletes the request',
            },
          },
        }),
      ),
    );
    renderApp(`/p/r/${id}`);
    expect(await screen.findByRole('heading', { name: 'Sleep study' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(app()).toHaveAttribute('dir', 'rtl');
    expect(screen.getByText('بقي مكان واحد')).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'الاسم الأول' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'الخطوات في اليوم' })).toBeInTheDocument();
    const consent = await screen.findByRole('region', { name: 'ما توافق عليه' });
    expect(
      within(consent)
        .getAllByRole('definition')
        .map((d) => d.textContent),
    ).toEqual([
      'الملف الشخصي: الاسم، العمر، الجوال، البريد الإلكتروني، الجنس · الصحة: الخطوات، معدل نبض القلب أثناء الراحة، النوم (حسّاسة: الصحة)',
      '\u2068Acme\u2069، صاحب هذا الطلب',
      'Your profile and your health.',
      '3 IPT، بعد أن يراجع صاحب الطلب إجابتك',
      'تُحفظ حتى تسحب إجابتك أو يحذف صاحب الطلب الطلب',
    ]);
  });
});
