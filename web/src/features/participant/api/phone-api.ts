// The participant app's only server: the public phone-app REST routes (docs/api/phone.md,
// schema/openapi.json). Plain fetch, no Apollo: the app's first screen stays small.
import type { CollectionOptions } from '../../../shared/collection/collection-format';
import type { QuestionLogic } from '../../../../../shared/survey-logic';

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
// logic (survey format 2): display condition and skip, by 0-based question positions
type Base = { id: string; index: number; title: string; logic?: QuestionLogic };
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
  // paid after the requester's review (approved by itself after review_days), or on submission
  pay_after_review: boolean;
  review_days: number;
  key: string;
  publicKey: string;
  options: CollectionOptions | null;
  questions: PhoneQuestion[] | null;
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
export type Accepted = { id: string; memberId: string; created: string; payout: Payout | null };
export type SurveyAnswer = { questionId: string; answer: string | string[] | number | Record<string, string> };
// the survey format this app knows (docs/api/phone.md): older clients get 409 on newer surveys
export const SURVEY_VERSION = 2;

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
    throw new PhoneApiError(0, 'NETWORK', 'The server could not be reached. Check your connection and try again.');
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
  request: (requestID: string) =>
    call<EndUserData>('GET', `/v1/requestClient/getEndUserData?${query({ requestID, surveyVersion: SURVEY_VERSION })}`),
  checkSubmitted: (requestId: string, deviceId: string) =>
    call<Submitted>('GET', `/v1/requestClient/checkSubmitted?${query({ requestId, deviceId })}`),
  submitSurvey: (body: {
    requestId: string;
    deviceId: string;
    walletAddress: string;
    answers: SurveyAnswer[];
    // the personal questions answered inside encryptedData (sealed to the request key)
    personal?: string[];
    encryptedData?: string;
    sealedKey?: string;
    presented?: { questions: string[]; options: Record<string, string[]> };
  }) => call<Accepted>('POST', '/v1/requestClient/submitSurvey', { ...body, surveyVersion: SURVEY_VERSION }),
  submitCollection: (body: {
    requestId: string;
    deviceId: string;
    walletAddress: string;
    encryptedData: string;
    sealedKey: string;
  }) => call<Accepted>('POST', '/v1/requestClient/submitCollection', body),
  withdraw: (requestId: string, deviceId: string) =>
    call<boolean>('DELETE', '/v1/requestClient/deleteRequest', { request_id: requestId, deviceId }),
};

export const UPLOAD_IMAGE_PATH = '/v1/requestClient/uploadImage';
