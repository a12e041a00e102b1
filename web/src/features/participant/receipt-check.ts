// Checks a consent receipt in the browser against the platform's published keys
// (docs/consent-receipts.md, "Verifying a receipt offline"): nothing is sent to the server but the
// request for its key set.
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import { RECEIPT_ALG, RECEIPT_TYPE, type ReceiptClaims } from '../../../../shared/consent-receipt';
import { msg } from './i18n/i18n';

export type ReceiptCheck = { genuine: true; claims: ReceiptClaims; kid: string } | { genuine: false; reason: string };

/** The token in a receipt file (`{ "receipt": ... }`) or the token itself, pasted. */
export function tokenOf(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const parsed = JSON.parse(trimmed) as { receipt?: unknown };
      return typeof parsed.receipt === 'string' ? parsed.receipt.trim() : null;
    } catch {
      return null;
    }
  }
  return /^[\w-]+\.[\w-]+\.[\w-]+$/.test(trimmed) ? trimmed : null;
}

export async function checkReceipt(text: string, jwks: JSONWebKeySet): Promise<ReceiptCheck> {
  const token = tokenOf(text);
  if (!token) return { genuine: false, reason: msg('This is not a receipt file: it holds no signed receipt.') };
  try {
    const { payload, protectedHeader } = await compactVerify(token, createLocalJWKSet(jwks), {
      algorithms: [RECEIPT_ALG],
    });
    if (protectedHeader.typ !== RECEIPT_TYPE)
      return { genuine: false, reason: msg('This is signed, but not a consent receipt.') };
    const claims = JSON.parse(new TextDecoder().decode(payload)) as ReceiptClaims;
    return { genuine: true, claims, kid: protectedHeader.kid ?? '' };
  } catch (e) {
    // jose's error codes, not class names: a production build renames classes
    const code = (e as { code?: unknown }).code;
    return {
      genuine: false,
      reason:
        code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED'
          ? msg('The signature does not match: the receipt was changed after Parley signed it.')
          : code === 'ERR_JWKS_NO_MATCHING_KEY'
            ? msg('It was not signed with any key this Parley publishes.')
            : msg('The receipt is damaged and cannot be checked.'),
    };
  }
}

/** The published keys could not be fetched: status 0 when the server was not reached. */
export class KeysUnavailable extends Error {
  constructor(readonly status: number) {
    super(`The keys could not be loaded (${status}).`);
    this.name = 'KeysUnavailable';
  }
}

export async function publishedKeys(): Promise<JSONWebKeySet> {
  const res = await fetch('/.well-known/jwks.json').catch(() => null);
  if (!res?.ok) throw new KeysUnavailable(res?.status ?? 0);
  return (await res.json()) as JSONWebKeySet;
}
