// The phone app's side of the REST API (docs/api/phone.md): one instance per simulated phone.
import type { PhoneQuestion } from './fake-data';

type Envelope<T> = { result?: T; error?: { code: string; message: string } };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${status} ${code}: ${message}`);
    this.name = 'ApiError';
  }
}

export type EndUserData = {
  id: string;
  type: 'collection' | 'survey';
  title: string;
  bonus_each: number;
  remaining: number;
  publicKey: string;
  newchild: string | null;
  options: Record<string, boolean> | null;
  questions: PhoneQuestion[] | null;
};

export type PayoutDto = { status: string; amount: number; txHash: string | null; failureMessage: string | null };
export type AcceptedDto = {
  // accepted (a paid place), screened_out (a screener) or quota_full (a full quota, named)
  outcome: 'accepted' | 'screened_out' | 'quota_full';
  id: string;
  memberId: string;
  created: string;
  payout: PayoutDto | null;
  quota: { id: string; name: string } | null;
  message: string | null;
};
export type SubmittedDto = { submitted: boolean; memberId: string | null; payout: PayoutDto | null };

export async function call<T>(
  baseUrl: string,
  method: string,
  path: string,
  params?: Record<string, unknown>,
): Promise<T> {
  const query = method === 'GET' && params ? `?${new URLSearchParams(params as Record<string, string>)}` : '';
  const res = await fetch(`${baseUrl}${path}${query}`, {
    method,
    headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(params ?? {}),
  });
  const body = (await res.json().catch(() => ({}))) as Envelope<T>;
  if (!res.ok || body.result === undefined) {
    throw new ApiError(res.status, body.error?.code ?? 'HTTP_ERROR', body.error?.message ?? res.statusText);
  }
  return body.result;
}

export const phoneApi = (baseUrl: string) => ({
  endUserData: (requestID: string) =>
    call<EndUserData>(baseUrl, 'GET', '/v1/requestClient/getEndUserData', { requestID, surveyVersion: 2 }),
  submitCollection: (body: {
    requestId: string;
    deviceId: string;
    walletAddress: string;
    encryptedData: string;
    sealedKey: string;
  }) => call<AcceptedDto>(baseUrl, 'POST', '/v1/requestClient/submitCollection', body),
  // survey format 2: the newer types and logic (docs/api/phone.md)
  submitSurvey: (body: {
    requestId: string;
    deviceId: string;
    walletAddress: string;
    answers: unknown[];
    durationMs?: number;
    personal?: string[];
    encryptedData?: string;
    sealedKey?: string;
    presented?: { questions: string[]; options: Record<string, string[]> };
  }) => call<AcceptedDto>(baseUrl, 'POST', '/v1/requestClient/submitSurvey', { ...body, surveyVersion: 2 }),
  checkSubmitted: (requestId: string, deviceId: string) =>
    call<SubmittedDto>(baseUrl, 'GET', '/v1/requestClient/checkSubmitted', { requestId, deviceId }),
});
