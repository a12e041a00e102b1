// The consent receipt's shape and the submission hash, shared by the server (which signs), the
// participant app (which shows, downloads and verifies) and the tests. Pure: no imports.

/** The JWS header's `typ` of a consent receipt. */
export const RECEIPT_TYPE = 'consent-receipt+jwt';
/** The `version` claim of this receipt format. */
export const RECEIPT_VERSION = 'parley-consent-receipt/1';
export const RECEIPT_ALG = 'ES256';

/**
 * The claims, shaped after ISO/IEC TS 27560:2023 and the Kantara Consent Receipt 1.1 (field names
 * from Kantara where one exists), plus Parley's reward and submission hash. docs/consent-receipts.md
 * explains each field.
 */
export type ReceiptClaims = {
  iss: string;
  sub: string;
  jti: string;
  iat: number;
  version: string;
  standards: string[];
  language: string;
  consentTimestamp: number;
  collectionMethod: string;
  piiPrincipalId: string;
  piiControllers: { piiController: string; piiControllerId: string; contact: string; onBehalf: boolean }[];
  processor: { name: string; url: string };
  services: {
    service: string;
    requestId: string;
    purposes: {
      purpose: string;
      purposeCategory: string[];
      consentType: 'EXPLICIT';
      piiCategory: string[];
      primaryPurpose: boolean;
      termination: string;
      thirdPartyDisclosure: boolean;
    }[];
  }[];
  sensitive: boolean;
  spiCat: string[];
  reward: { amount: number; currency: 'IPT'; payAfterReview: boolean; reviewDays: number | null };
  retention: { days: number | null; until: string | null; text: string };
  submission: { id: string; receivedAt: string; hashAlg: 'SHA-256'; hash: string; hashOf: string };
};

/**
 * JSON with object keys sorted at every level and no white space: the same value gives the same
 * text in any language (RFC 8785 for the strings, integers, booleans, nulls, arrays and objects a
 * submission holds).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError('not a finite number');
    return JSON.stringify(value ?? null);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** What the submission hash covers, by request type (the receipt's `submission.hashOf`). */
export const HASH_OF = {
  collection: 'canonical JSON of {"encryptedData","sealedKey"} as sent',
  survey: 'canonical JSON of {"answers"} as sent',
} as const;

/** The file a receipt downloads as: the signed token and, for people, its claims. */
export type ReceiptFile = { receipt: string; claims: ReceiptClaims; jwks: string };
