// What went wrong, in the participant's language: the server's errors by their stable code (the API's
// COMMON_ERRORS and each module's *_ERRORS, docs/api/errors.md), the shared wallet module's failures
// by kind, and the app's own. The server writes its messages in English; a message the participant
// app knows word for word is translated as such, any other by its code (in English the server's own,
// more precise words stay), and one with a code the app does not know is shown as the server wrote it.
import type { WalletError } from '../../../wallet/wallet-errors';
import { english, msg, useT, type Translate } from '../i18n/i18n';
import { PhoneApiError } from '../api/phone-api';

// the server's messages on the participant's routes, as it writes them
const SERVER_TEXTS = [
  msg('This device has already answered this request'),
  msg('This wallet has already answered this request'),
  msg('This device or wallet has already answered this request'),
  msg('This request has all the responses it can pay for'),
  msg('Request not found'),
  msg('Submission not found'),
  msg('Submission of this device (submit the survey first) not found'),
  msg('An image may be at most 5 MB'),
  msg('This request does not ask for personal images'),
];
const REJECTED = "The requester rejected this wallet's answer to this request: ";

// one message a code, for every other message the server answers with that code
const CODE_TEXTS: Record<string, string> = {
  BAD_USER_INPUT: msg('The server did not accept what was sent. Reload the page and try again.'),
  UNAUTHENTICATED: msg('The server asks for a sign-in that this app does not have.'),
  FORBIDDEN: msg('This is not allowed.'),
  NOT_FOUND: msg('This was not found: it may have been closed or deleted.'),
  CONFLICT: msg('This was not done: it conflicts with what the server already holds.'),
  PAYLOAD_TOO_LARGE: msg('What was sent is too large.'),
  UNSUPPORTED_MEDIA_TYPE: msg('The server does not take this kind of file.'),
  RATE_LIMITED: msg('Too many tries in a short time. Wait a moment and try again.'),
  INTERNAL_SERVER_ERROR: msg('Something went wrong on the server. Try again later.'),
  SERVICE_UNAVAILABLE: msg('The server is busy or being updated. Try again in a moment.'),
  CHAIN_UNAVAILABLE: msg('The payment network cannot be reached right now. Try again later.'),
  STORAGE_UNAVAILABLE: msg('The file store cannot be reached right now. Try again later.'),
  CLIENT_UPDATE_REQUIRED: msg('This survey needs a newer version of this app. Reload the page to update it.'),
};

/** The server's error in the participant's language (see the top of this file); t is english when
 * the app's texts are shown in English. */
export function serverErrorText(error: PhoneApiError, t: Translate): string {
  // the app's own words (no connection) and a reply that was not the API's JSON
  if (error.code === 'NETWORK') return t(error.message);
  if (error.code === 'UNKNOWN' && /^The server answered \d+\.$/.test(error.message))
    return t('The server answered {{status}}.', { status: String(error.status) });
  if (SERVER_TEXTS.includes(error.message)) return t(error.message);
  if (error.message.startsWith(REJECTED)) {
    // the reason is the requester's, in their words
    return t("The requester rejected this wallet's answer to this request: {{reason}}", {
      reason: error.message.slice(REJECTED.length),
    });
  }
  const byCode = CODE_TEXTS[error.code];
  return byCode && t !== english ? t(byCode) : error.message;
}

// the shared wallet module's failures (web/src/wallet keeps the requester app's English)
const WALLET_TEXTS: Partial<Record<WalletError['kind'], string>> = {
  'no-wallet': msg('No wallet was found in this browser. Paste an address instead, or create a wallet here.'),
  'no-account': msg('Unlock your wallet and connect an account to Parley to continue.'),
  rejected: msg('You declined the request in your wallet, so nothing was changed or saved.'),
  'wrong-network': msg('Your wallet is on another network. Switch it to the one Parley uses and try again.'),
};
const PENDING = msg('Your wallet is already showing a request: open it and answer that one first.');

const isWalletError = (e: unknown): e is WalletError =>
  e instanceof Error && e.name === 'WalletError' && typeof (e as { kind?: unknown }).kind === 'string';

/** A wallet failure in the participant's language; the wallet's own words only when nothing else says it. */
export function walletErrorText(error: unknown, t: Translate): string {
  if (!isWalletError(error)) {
    return error instanceof Error && error.message
      ? t('The wallet could not connect: {{message}}', { message: t(error.message) })
      : t('The wallet could not connect.');
  }
  const known = WALLET_TEXTS[error.kind];
  if (known) return t(known);
  if (error.message === PENDING) return t(PENDING);
  return t('The wallet could not connect: {{message}}', { message: error.message });
}

/** errorText(e, fallback): a server error in the participant's language, else the app's fallback. */
export function useErrorText(): (error: unknown, fallback: string) => string {
  const t = useT();
  return (error, fallback) => (error instanceof PhoneApiError ? serverErrorText(error, t) : t(fallback));
}
