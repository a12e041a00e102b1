// The participant app's only server: the public phone-app REST routes (docs/api/phone.md,
// schema/openapi.json). Plain fetch, no Apollo: the app's first screen stays small.
import type { CollectionOptions } from '../../../shared/collection/collection-format';
import type { ReceiptFile } from '../../../../../shared/consent-receipt';
import type { QuestionLogic } from '../../../../../shared/survey-logic';
import { msg } from '../i18n/i18n';

export type RequestType = 'collection' | 'survey';

export type OpenRequest = {
  id: string;
  title: string;
  type: RequestType;
  type_name: string;
  desc: string;
  created: string;
  questionCount: number;
  quality: string;
  access: string;
  bonus_each: number;
  remaining: number;
};

export type StarOptions = { scale: number; shape: 'star' | 'heart' | 'thumb' };
// a survey with languages: the question's texts in the language served (lists parallel to options
// and rows; answers are still sent as the default language's texts)
export type LocalizedTexts = {
  language: string;
  title: string;
  choices: string[];
  rows: string[];
  unit: string | null;
};
// logic (survey format 2): display condition and skip, by 0-based question positions; and
// randomisation: a block starting at the question (shuffled or not), its choices shuffled
type Base = {
  id: string;
  index: number;
  title: string;
  logic?: QuestionLogic;
  block?: { shuffle: boolean };
  shuffleOptions?: boolean;
  localized?: LocalizedTexts;
};
// survey format 2 (this app sends surveyVersion=2): the newer types and their settings
type Newer = { required: boolean; min?: number | null; max?: number | null; unit?: string | null; rows?: string[] };
export type PersonalType = 'short_text' | 'long_text' | 'number' | 'date';
export type PhoneQuestion =
  | (Base & { type: 'dropdown' | 'radios' | 'checkboxes'; options: string[] })
  | (Base & { type: 'stars'; options: StarOptions })
  | (Base & Newer & { type: PersonalType | 'nps' | 'matrix' | 'ranking'; options: string[] });

export type EndUserData = {
  id: string;
  type: RequestType;
  type_name: string;
  title: string;
  description: string;
  quality: string;
  access: string;
  bonus_each: number;
  bonus_amount: number;
  remaining: number;
  // set when a quota closed the study: it takes no more answers
  closed_at?: string | null;
  // paid after the requester's review (approved by itself after review_days), or on submission
  pay_after_review: boolean;
  review_days: number;
  key: string;
  publicKey: string;
  options: CollectionOptions | null;
  questions: PhoneQuestion[] | null;
  // a survey with languages (or not in English): the language served, those it has, its direction
  // and its title and description in it
  language?: string;
  languages?: string[];
  dir?: 'ltr' | 'rtl';
  localized?: { title: string; description: string };
};

export type Payout = {
  // awaiting_review (paid after review) | pending | sent | failed | rejected
  status: string;
  amount: number;
  txHash: string | null;
  failureMessage: string | null;
  completedAt: string | null;
  reviewDueAt?: string | null;
  reviewOutcome?: string | null;
  rejectionReason?: string | null;
};

export type Submitted = {
  submitted: boolean;
  memberId: string | null;
  submittedAt: string | null;
  payout: Payout | null;
};
/**
 * What a submission came to: accepted (a paid place), screened_out (a screener question did not
 * qualify) or quota_full (a quota was full, or closed the study); the last two take no paid place
 * and carry the message to show (a paid screen-out has its payout).
 */
export type Accepted = {
  outcome?: 'accepted' | 'screened_out' | 'quota_full';
  id: string;
  memberId: string;
  created: string;
  payout: Payout | null;
  quota?: { id: string; name: string } | null;
  message?: string | null;
};
/** What the app says before a survey: its attention checks and the rule about them. */
export type Fieldwork = { attention_checks: number; attention_rule: string | null; screeners: number };
export type SurveyAnswer = { questionId: string; answer: string | string[] | number | Record<string, string> };
// the survey format this app knows (docs/api/phone.md): older clients get 409 on newer surveys
export const SURVEY_VERSION = 2;

/** What answering a request shares, shown before answering and signed into the receipt. */
export type ConsentTerms = {
  requestId: string;
  controller: string;
  purpose: string;
  categories: string[];
  sensitive: string[];
  reward: { amount: number; currency: 'IPT'; payAfterReview: boolean };
  retention: { days: number | null; until: string | null; text: string };
};

export type AccessKind =
  | 'submitted'
  | 'listed'
  | 'exported'
  | 'image_downloaded'
  | 'approved'
  | 'rejected'
  | 'webhook'
  | 'withdrawn'
  | 'expired'
  | 'retention_notice'
  | 'data_requested'
  | 'deleted';
export type AccessLine = {
  id: string;
  kind: AccessKind;
  // someone: a caller other than the requester (image links work for whoever holds them)
  actor: 'participant' | 'requester' | 'platform' | 'someone';
  detail: string | null;
  at: string;
  requestId: string | null;
  requestTitle: string | null;
  submissionId: string | null;
};

export class PhoneApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'PhoneApiError';
  }
}

async function call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    // shown through t(): the app's own words (a server's message stays as the server wrote it)
    throw new PhoneApiError(0, 'NETWORK', msg('The server could not be reached. Check your connection and try again.'));
  }
  const json = (await res.json().catch(() => null)) as {
    result?: T;
    error?: { code?: string; message?: string };
  } | null;
  if (!res.ok || !json || !('result' in json)) {
    throw new PhoneApiError(
      res.status,
      json?.error?.code ?? 'UNKNOWN',
      json?.error?.message ?? `The server answered ${res.status}.`,
    );
  }
  return json.result as T;
}

const query = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

export const phoneApi = {
  openRequests: (page = 1, limit = 20) =>
    call<{ list: OpenRequest[]; info: { count: number; pages: number; page: number } }>(
      'GET',
      `/v1/requestClient/getOpenRequests?${query({ page, limit })}`,
    ),
  // lang: the languages wanted, most wanted first (the participant's pick, or the browser's)
  request: (requestID: string, lang?: string) =>
    call<EndUserData>(
      'GET',
      `/v1/requestClient/getEndUserData?${query({ requestID, surveyVersion: SURVEY_VERSION, ...(lang ? { lang } : {}) })}`,
    ),
  checkSubmitted: (requestId: string, deviceId: string) =>
    call<Submitted>('GET', `/v1/requestClient/checkSubmitted?${query({ requestId, deviceId })}`),
  fieldwork: (requestId: string) => call<Fieldwork>('GET', `/v1/requestClient/getFieldwork?${query({ requestId })}`),
  submitSurvey: (body: {
    requestId: string;
    deviceId: string;
    walletAddress: string;
    answers: SurveyAnswer[];
    durationMs?: number;
    // the personal questions answered inside encryptedData (sealed to the request key)
    personal?: string[];
    encryptedData?: string;
    sealedKey?: string;
    presented?: { questions: string[]; options: Record<string, string[]> };
    // one per answer: sent again (offline, then back online), it is taken once
    idempotencyKey?: string;
  }) => call<Accepted>('POST', '/v1/requestClient/submitSurvey', { ...body, surveyVersion: SURVEY_VERSION }),
  submitCollection: (body: {
    requestId: string;
    deviceId: string;
    walletAddress: string;
    encryptedData: string;
    sealedKey: string;
  }) => call<Accepted>('POST', '/v1/requestClient/submitCollection', body),
  consentTerms: (requestId: string) =>
    call<ConsentTerms>('GET', `/v1/requestClient/getConsentTerms?${query({ requestId })}`),
  receipts: (deviceId: string, requestId?: string) =>
    call<ReceiptFile[]>(
      'GET',
      `/v1/requestClient/getReceipts?${query(requestId ? { deviceId, requestId } : { deviceId })}`,
    ),
  accessLog: (deviceId: string) => call<AccessLine[]>('GET', `/v1/requestClient/getAccessLog?${query({ deviceId })}`),
  // the participant's requests about their data (docs/guide/participant-app.md, "Your data")
  myData: (deviceId: string) =>
    call<Record<string, unknown>>('GET', `/v1/requestClient/getMyData?${query({ deviceId })}`),
  deleteMyData: (deviceId: string) =>
    call<{ deletedSubmissions: number; kept: string[]; answeredAt: string }>('POST', '/v1/requestClient/deleteMyData', {
      deviceId,
    }),
  withdraw: (requestId: string, deviceId: string) =>
    call<boolean>('DELETE', '/v1/requestClient/deleteRequest', { request_id: requestId, deviceId }),
};

export const UPLOAD_IMAGE_PATH = '/v1/requestClient/uploadImage';
