import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server';
import { renderApp } from '../../../test/render-app';
import { setAppLanguage } from '../i18n/i18n';
import { surveyOrder } from '../components/survey-form';
import type { PhoneQuestion } from '../api/phone-api';

// A survey in English with an Arabic translation: the participant app asks for the browser's
// languages, shows the survey and its own texts in Arabic, right to left, and switches to English
// on request without losing what was already answered.
const ID = 'a0000000-0000-4000-8000-0000000000a1';
const QUESTION = { id: 'b0000000-0000-4000-8000-0000000000b1', index: 0, type: 'radios', title: 'Do you exercise?' };
// a second question that shuffles its choices (survey randomisation), translated too
const COLOURS = ['Red', 'Green', 'Blue', 'Black', 'White'];
const ARABIC_COLOURS = ['أحمر', 'أخضر', 'أزرق', 'أسود', 'أبيض'];
const SHUFFLED = {
  id: 'b0000000-0000-4000-8000-0000000000b2',
  index: 1,
  type: 'radios',
  title: 'Favourite colour',
  options: COLOURS,
  block: { shuffle: false },
  shuffleOptions: true,
  localized: { language: 'ar', title: 'اللون المفضل', choices: ARABIC_COLOURS, rows: [], unit: null },
};
let withShuffled = false;
let terms: object | null = null;

function endUserData(language: 'en' | 'ar') {
  const arabic = language === 'ar';
  return {
    id: ID,
    type: 'survey',
    type_name: 'Survey',
    title: 'Habits',
    description: 'Two questions',
    quality: 'all',
    access: 'Single Access',
    bonus_each: 2,
    bonus_amount: 20,
    remaining: 10,
    pay_after_review: false,
    review_days: 7,
    key: 'k1',
    publicKey: 'pem',
    options: null,
    questions: [
      {
        ...QUESTION,
        options: ['Yes', 'No'],
        localized: arabic
          ? { language, title: 'هل تمارس الرياضة؟', choices: ['نعم', 'لا'], rows: [], unit: null }
          : { language, title: 'Do you exercise?', choices: ['Yes', 'No'], rows: [], unit: null },
      },
      ...(withShuffled && arabic ? [SHUFFLED] : []),
    ],
    language,
    languages: ['en', 'ar'],
    dir: arabic ? 'rtl' : 'ltr',
    localized: arabic ? { title: 'عادات', description: 'سؤالان' } : { title: 'Habits', description: 'Two questions' },
  };
}

let asked: (string | null)[] = [];
const languages = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages');
beforeEach(() => {
  asked = [];
  Object.defineProperty(window.navigator, 'languages', { value: ['ar-EG', 'fr', 'en'], configurable: true });
  server.use(
    http.get('*/v1/requestClient/getEndUserData', ({ request }) => {
      const lang = new URL(request.url).searchParams.get('lang');
      asked.push(lang);
      return HttpResponse.json({ result: endUserData(lang?.startsWith('ar') ? 'ar' : 'en') });
    }),
    http.get('*/v1/requestClient/checkSubmitted', () =>
      HttpResponse.json({ result: { submitted: false, memberId: null, submittedAt: null, payout: null } }),
    ),
    http.get('*/v1/requestClient/getFieldwork', () =>
      HttpResponse.json({ result: { attention_checks: 0, attention_rule: null, screeners: 0 } }),
    ),
    http.get('*/v1/requestClient/getConsentTerms', () =>
      terms
        ? HttpResponse.json({ result: terms })
        : HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'none' } }, { status: 404 }),
    ),
  );
});
afterEach(async () => {
  withShuffled = false;
  terms = null;
  delete (window.navigator as { languages?: unknown }).languages;
  if (languages) Object.defineProperty(Navigator.prototype, 'languages', languages);
  await setAppLanguage('en');
});

describe('a survey in several languages', () => {
  it("opens in the browser's language, right to left for Arabic, and switches without losing answers", async () => {
    renderApp(`/p/r/${ID}`);
    const title = await screen.findByRole('heading', { name: 'عادات' }, { timeout: 20_000 });
    expect(asked[0]).toBe('ar-EG,fr,en');
    const container = screen.getByTestId('survey-container');
    expect(container).toHaveAttribute('dir', 'rtl');
    expect(container).toContainElement(title);
    // the app's own texts are Arabic too: the form's panel, the send button, the places left
    expect(await screen.findByRole('heading', { name: 'إجاباتك' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'أرسل إجاباتي' })).toBeInTheDocument();
    expect(screen.getByText('بقيت 10 أماكن')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'نعم' }));

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('heading', { name: 'Habits' })).toBeInTheDocument();
    expect(asked.at(-1)).toBe('en');
    await waitFor(() => expect(screen.getByTestId('survey-container')).toHaveAttribute('dir', 'ltr'));
    expect(screen.getByRole('button', { name: 'Send my answers' })).toBeInTheDocument();
    expect(screen.getByText('10 places left')).toBeInTheDocument();
    // the answer given in Arabic is still chosen: its value is the survey's own text
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("names in the header the language the page is in, and says when the survey lacks the participant's", async () => {
    localStorage.setItem('parley.participant.language', JSON.stringify('fr'));
    renderApp(`/p/r/${ID}`);
    // French was picked; the survey has English and Arabic: it comes in English, and so does the page
    expect(await screen.findByRole('heading', { name: 'Habits' }, { timeout: 20_000 })).toBeInTheDocument();
    expect(asked[0]?.split(',')[0]).toBe('fr');
    expect(screen.getByText('This survey is not in Français: it is shown in English.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
    // the form's panel comes after the survey's heading (it waits for the participant's state)
    expect(await screen.findByRole('button', { name: 'Send my answers' })).toBeInTheDocument();
    // picking a language the survey has: the page, the survey and the header in it, no note
    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'ar' } });
    expect(await screen.findByRole('heading', { name: 'عادات' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'اللغة' })).toHaveValue('ar'));
    expect(screen.queryByText(/This survey is not in/)).toBeNull();
    localStorage.removeItem('parley.participant.language');
  });

  it('shows shuffled choices each with its own translation', async () => {
    withShuffled = true;
    // a device whose order of the colours is not the designed one
    const questions = endUserData('ar').questions as PhoneQuestion[];
    let colours: string[] = COLOURS;
    for (let n = 0; colours.join() === COLOURS.join(); n++) {
      const device = `pw-${String(n).padStart(43, '0')}`;
      localStorage.setItem('parley.participant.device', JSON.stringify(device));
      colours = surveyOrder(ID, device, questions)?.options[SHUFFLED.id] ?? COLOURS;
    }
    renderApp(`/p/r/${ID}`);
    const group = await screen.findByRole('radiogroup', { name: /اللون المفضل/ }, { timeout: 20_000 });
    const radios = within(group).getAllByRole('radio');
    // shown in this device's order, each labelled with the translation of its own value
    expect(radios.map((r) => r.getAttribute('value'))).toEqual(colours);
    for (const radio of radios) {
      const english = radio.getAttribute('value') ?? '';
      expect(radio).toHaveAccessibleName(ARABIC_COLOURS[COLOURS.indexOf(english)]);
    }
  });

  it("shows the consent terms the server signs in the survey's language", async () => {
    // as the server sends them: in English (the receipt's language), with their numbers
    terms = {
      requestId: ID,
      controller: 'Acme Research',
      purpose: 'Two questions',
      categories: ['Question: Do you exercise?'],
      sensitive: [],
      reward: { amount: 2, currency: 'IPT', payAfterReview: false },
      retention: {
        days: 30,
        until: '2026-04-04T10:00:00.000Z',
        text: 'Deleted 30 days after you send it (on 2026-04-04); payout records and this receipt stay',
      },
    };
    renderApp(`/p/r/${ID}`);
    const consent = await screen.findByRole('region', { name: 'ما توافق عليه' }, { timeout: 20_000 });
    const day = new Intl.DateTimeFormat('ar', { dateStyle: 'medium', timeZone: 'UTC' }).format(
      new Date('2026-04-04T10:00:00.000Z'),
    );
    const rows = within(consent)
      .getAllByRole('definition')
      .map((d) => d.textContent);
    expect(rows).toEqual([
      // the requester's words isolated in their own direction
      'سؤال: \u2068هل تمارس الرياضة؟\u2069',
      '\u2068Acme Research\u2069، صاحب هذا الطلب',
      'سؤالان',
      '2 IPT',
      `تُحذف بعد 30 يومًا من إرسالها (في ${day})؛ تبقى سجلات الدفع وهذا الإيصال`,
    ]);
    expect(screen.getByTestId('survey-container')).toHaveAttribute('dir', 'rtl');
  });
});
