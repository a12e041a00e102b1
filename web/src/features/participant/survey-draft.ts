// What an unfinished survey leaves in this browser (localStorage, one entry per request), so a
// reload, a closed tab or a lost connection loses nothing: the draft of the answers given so far,
// and an answer that could not be sent yet (docs/guide/participant-app.md, "Answering offline").
//
// Personal answers (short and long text, number, date) are never in the draft: they are the ones
// the request encrypts, and this browser has no key of its own to keep them encrypted with, so
// after a reload they are typed again. An answer waiting to be sent holds them only as the
// ciphertext sealed to the request key, exactly as it goes to the server.
import { readStoredJson, writeStoredJson } from '../../shared/storage/local-storage';
import type { SurveyAnswer } from './api/phone-api';

export type DraftValue = string | string[] | number | null | Record<string, string>;
export type DraftValues = Record<string, DraftValue>;
/** What the draft needs of a question: its id and whether its answer is personal. */
export type DraftQuestion = { id: string; personal: boolean };

/** The submitSurvey body as it will be sent, its idempotency key included (phone-api.ts). */
export type QueuedAnswer = {
  requestId: string;
  deviceId: string;
  walletAddress: string;
  idempotencyKey: string;
  answers: SurveyAnswer[];
  durationMs?: number;
  personal?: string[];
  encryptedData?: string;
  sealedKey?: string;
  presented?: { questions: string[]; options: Record<string, string[]> };
};

const draftKey = (requestId: string) => `parley.participant.draft.${requestId}`;
const outboxKey = (requestId: string) => `parley.participant.outbox.${requestId}`;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isValue = (v: unknown): v is DraftValue =>
  v === null ||
  typeof v === 'string' ||
  (typeof v === 'number' && Number.isFinite(v)) ||
  (Array.isArray(v) && v.every((x) => typeof x === 'string')) ||
  (isObject(v) && Object.values(v).every((x) => typeof x === 'string'));

function forget(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing stored to forget
  }
}

// only the survey's own closed questions, each with a value of a shape an answer can have
function closedOnly(values: Record<string, unknown>, questions: readonly DraftQuestion[]): DraftValues {
  const kept: DraftValues = {};
  for (const q of questions) {
    const v = values[q.id];
    if (!q.personal && v !== undefined && isValue(v)) kept[q.id] = v;
  }
  return kept;
}

/** The answers saved for a request, closed questions only; {} when there are none. */
export function loadDraft(requestId: string, questions: readonly DraftQuestion[]): DraftValues {
  return readStoredJson(draftKey(requestId), (v) => (isObject(v) ? closedOnly(v, questions) : null)) ?? {};
}

/** Keeps the answers given so far (personal ones left out); an empty draft is removed. */
export function saveDraft(requestId: string, values: DraftValues, questions: readonly DraftQuestion[]): void {
  const kept = closedOnly(values, questions);
  if (Object.keys(kept).length) writeStoredJson(draftKey(requestId), kept);
  else forget(draftKey(requestId));
}

export const clearDraft = (requestId: string) => forget(draftKey(requestId));

/** Keeps an answer to send when the connection returns (one per request: the latest). */
export const queueAnswer = (answer: QueuedAnswer) => writeStoredJson(outboxKey(answer.requestId), answer);

export function queuedAnswer(requestId: string): QueuedAnswer | null {
  return readStoredJson(outboxKey(requestId), (v) =>
    isObject(v) && v.requestId === requestId && typeof v.idempotencyKey === 'string' && Array.isArray(v.answers)
      ? (v as QueuedAnswer)
      : null,
  );
}

export const clearQueued = (requestId: string) => forget(outboxKey(requestId));

/** A fresh idempotency key for one answer: a retry of the same answer sends the same key. */
export function newAnswerKey(): string {
  return `ans-${crypto.randomUUID()}`;
}
