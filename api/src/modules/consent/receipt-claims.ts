import { createHash, randomUUID } from 'node:crypto';
import { canonicalJson, HASH_OF, RECEIPT_VERSION, type ReceiptClaims } from '../../../../shared/consent-receipt';
import type { CollectionOptions, DataRequest } from '../requests/request.entity';

/** What a collection asks for, in the words the participant app shows before answering. */
export const COLLECTION_CATEGORIES: Record<keyof CollectionOptions, string> = {
  profileData: 'Profile: name, age, mobile, e-mail, gender',
  locationData: 'Location: an address',
  healthData: 'Health: steps, resting heart rate, sleep',
  idData: 'ID document: type, country, last 4 characters',
  personalImages: 'Personal images: 1 to 5 photos',
};
// the special categories (GDPR art. 9 and identity documents) a collection may include
const SENSITIVE: Partial<Record<keyof CollectionOptions, string>> = {
  healthData: 'health',
  idData: 'identity document',
};

/** How long the answers are kept, in words, when the request sets no period of its own. */
export const NO_RETENTION_PERIOD = 'Kept until you withdraw your answer or the requester deletes the request';

export type Terms = {
  request: DataRequest;
  requester: { id: string; name: string };
  // survey question titles, or the collection's categories
  categories: string[];
  sensitive: string[];
  retention: { days: number | null; until: Date | null };
};

/** The data categories and sensitive categories of a request, for its receipt and the consent screen. */
export function categoriesOf(
  request: DataRequest,
  questionTitles: string[],
): { categories: string[]; sensitive: string[] } {
  if (request.type === 'survey') return { categories: questionTitles.map((t) => `Question: ${t}`), sensitive: [] };
  const keys = (Object.keys(COLLECTION_CATEGORIES) as (keyof CollectionOptions)[]).filter((k) => request.options?.[k]);
  return {
    categories: keys.map((k) => COLLECTION_CATEGORIES[k]),
    sensitive: keys.flatMap((k) => (SENSITIVE[k] ? [SENSITIVE[k]] : [])),
  };
}

export function retentionText(retention: Terms['retention']): string {
  if (!retention.days) return NO_RETENTION_PERIOD;
  return `Deleted ${retention.days} days after you send it${
    retention.until ? ` (on ${retention.until.toISOString().slice(0, 10)})` : ''
  }; payout records and this receipt stay`;
}

/** SHA-256 (hex) of the canonical JSON of what the participant sent. */
export const submissionHash = (content: unknown): string =>
  createHash('sha256').update(canonicalJson(content), 'utf8').digest('hex');

/** The receipt's claims for one accepted submission. */
export function receiptClaims(
  terms: Terms,
  submission: { id: string; createdAt: Date; memberId: string; content: unknown },
  platform: { url: string },
): ReceiptClaims {
  const { request } = terms;
  const iat = Math.floor(submission.createdAt.getTime() / 1000);
  const termination = retentionText(terms.retention);
  return {
    iss: platform.url,
    sub: submission.memberId,
    jti: randomUUID(),
    iat,
    version: RECEIPT_VERSION,
    standards: ['ISO/IEC TS 27560:2023', 'Kantara Consent Receipt 1.1'],
    language: 'en',
    consentTimestamp: iat,
    collectionMethod: 'Parley participant API: answer submitted after the request and its terms were shown',
    piiPrincipalId: submission.memberId,
    piiControllers: [
      {
        piiController: terms.requester.name,
        piiControllerId: terms.requester.id,
        contact: `${platform.url}/p/r/${request.id}`,
        onBehalf: false,
      },
    ],
    processor: { name: 'Parley', url: platform.url },
    services: [
      {
        service: request.title,
        requestId: request.id,
        purposes: [
          {
            purpose: request.description.slice(0, 4000),
            purposeCategory: [request.category],
            consentType: 'EXPLICIT',
            piiCategory: terms.categories,
            primaryPurpose: true,
            termination,
            thirdPartyDisclosure: false,
          },
        ],
      },
    ],
    sensitive: terms.sensitive.length > 0,
    spiCat: terms.sensitive,
    reward: {
      amount: request.bonusEach,
      currency: 'IPT',
      payAfterReview: request.payAfterReview,
      reviewDays: request.payAfterReview ? request.reviewDays : null,
    },
    retention: {
      days: terms.retention.days,
      until: terms.retention.until?.toISOString() ?? null,
      text: termination,
    },
    submission: {
      id: submission.id,
      receivedAt: submission.createdAt.toISOString(),
      hashAlg: 'SHA-256',
      hash: submissionHash(submission.content),
      hashOf: HASH_OF[request.type],
    },
  };
}
