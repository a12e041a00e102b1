// What the participant app keeps in this browser (localStorage): the device id (the participant's
// only credential with the server), the wallet that receives bonuses, and which requests this
// browser answered (the server has no list by device; "My answers" asks it per request).
import { readStoredJson, writeStoredJson } from '../../shared/storage/local-storage';
import type { RequestType } from './api/phone-api';

const DEVICE_KEY = 'parley.participant.device';
const WALLET_KEY = 'parley.participant.wallet';
const ANSWERS_KEY = 'parley.participant.answers';

const DEVICE_ID = /^pw-[A-Za-z0-9_-]{43}$/;

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Made once per browser from 32 random bytes (unguessable), then kept. */
export function deviceId(): string {
  const stored = readStoredJson(DEVICE_KEY, (v) => (typeof v === 'string' && DEVICE_ID.test(v) ? v : null));
  if (stored) return stored;
  const made = `pw-${base64url(crypto.getRandomValues(new Uint8Array(32)))}`;
  writeStoredJson(DEVICE_KEY, made);
  return made;
}

export type StoredWallet =
  | { kind: 'pasted'; address: string }
  | { kind: 'browser'; address: string; walletName: string }
  | { kind: 'created'; address: string; privateKey: string; phrase: string | null; backedUp: boolean };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

export function loadWallet(): StoredWallet | null {
  return readStoredJson(WALLET_KEY, (v) =>
    isObject(v) && typeof v.address === 'string' && ['pasted', 'browser', 'created'].includes(String(v.kind))
      ? (v as StoredWallet)
      : null,
  );
}

export function saveWallet(wallet: StoredWallet | null): void {
  if (wallet) writeStoredJson(WALLET_KEY, wallet);
  else {
    try {
      localStorage.removeItem(WALLET_KEY);
    } catch {
      // nothing stored to forget
    }
  }
  window.dispatchEvent(new Event('parley-wallet'));
}

export type AnsweredRequest = { requestId: string; title: string; type: RequestType; bonusEach: number; at: string };

export function loadAnswers(): AnsweredRequest[] {
  return (
    readStoredJson(ANSWERS_KEY, (v) =>
      Array.isArray(v) ? v.filter((a): a is AnsweredRequest => isObject(a) && typeof a.requestId === 'string') : null,
    ) ?? []
  );
}

export function rememberAnswer(answer: AnsweredRequest): void {
  writeStoredJson(ANSWERS_KEY, [answer, ...loadAnswers().filter((a) => a.requestId !== answer.requestId)]);
}
