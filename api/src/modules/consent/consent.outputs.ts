// What the consent routes answer, as JSON (the OpenAPI document and the contract checks).
import { z } from 'zod';
import { ACCESS_ACTORS, ACCESS_KINDS } from '../access-log/access-event.entity';
import { isoDate, uuid } from '../../rest/wire';

const text = z.string();
export const receiptClaimsOut = z
  .looseObject({
    iss: text,
    sub: text.describe("the participant's member id"),
    jti: uuid.describe('the receipt id'),
    iat: z.int(),
    version: text,
    piiControllers: z.array(z.looseObject({ piiController: text, piiControllerId: text })),
    services: z.array(z.looseObject({ service: text, requestId: uuid })),
    reward: z.looseObject({ amount: z.int(), currency: z.literal('IPT') }),
    retention: z.looseObject({ days: z.int().nullable(), until: isoDate.nullable(), text }),
    submission: z.looseObject({ id: uuid, receivedAt: isoDate, hashAlg: z.literal('SHA-256'), hash: text }),
  })
  .describe('the signed claims, decoded (docs/consent-receipts.md lists every field)');

export const receiptFileOut = z.strictObject({
  receipt: text.describe('the receipt: a compact JWS (ES256) signed with a key of the JWKS'),
  claims: receiptClaimsOut,
  jwks: text.describe('where the platform publishes its receipt keys'),
});

export const termsOut = z.strictObject({
  requestId: uuid,
  controller: text.describe('who receives the answers: the requester'),
  purpose: text.describe("the request's description"),
  categories: z.array(text).describe('what is shared: the questions or the data categories'),
  sensitive: z.array(text).describe('special categories among them (health, identity document)'),
  reward: z.strictObject({ amount: z.int(), currency: z.literal('IPT'), payAfterReview: z.boolean() }),
  retention: z.strictObject({ days: z.int().nullable(), until: isoDate.nullable(), text }),
});

export const verifiedOut = z.strictObject({
  valid: z.boolean().describe('true: signed by this platform and unchanged'),
  reason: text.nullable().describe('why not, when not valid'),
  kid: text.nullable().describe('the key that signed it'),
  claims: receiptClaimsOut.nullable(),
});

export const accessEventOut = z.strictObject({
  id: uuid,
  kind: z.enum(ACCESS_KINDS),
  actor: z.enum(ACCESS_ACTORS),
  detail: text.nullable(),
  at: isoDate,
  requestId: uuid.nullable(),
  requestTitle: text.nullable().describe('the request’s title; kept when its requester deletes it'),
  submissionId: uuid.nullable(),
});
export const accessLogOut = z.array(accessEventOut);

const evm = z.string().describe('a wallet or escrow address');
export const myDataOut = z.strictObject({
  generatedAt: isoDate,
  answerWithinDays: z.int().describe('the longest Parley takes to answer a request about your data (today: at once)'),
  participant: z
    .strictObject({ memberId: text, walletAddress: evm, createdAt: isoDate })
    .nullable()
    .describe('null: this device never answered'),
  submissions: z.array(
    z.strictObject({
      id: uuid,
      requestId: uuid,
      requestTitle: text,
      type: text,
      walletAddress: evm,
      createdAt: isoDate,
      encryptedData: text.nullable().describe('collections: the ciphertext as stored (only the requester can open it)'),
      sealedKey: text.nullable(),
      answers: z.array(z.strictObject({ questionId: uuid, question: text, option: text })).nullable(),
    }),
  ),
  withdrawn: z.array(z.strictObject({ requestId: uuid, walletAddress: evm, withdrawnAt: isoDate })),
  payouts: z.array(
    z.strictObject({
      requestId: uuid.nullable(),
      escrowAddress: evm,
      walletAddress: evm,
      amount: z.int(),
      status: text,
      txHash: text.nullable(),
      createdAt: isoDate,
    }),
  ),
  receipts: z.array(text).describe('the consent receipts, compact JWS'),
  accessLog: z.array(accessEventOut.omit({ id: true, requestTitle: true })),
});

export const deletedOut = z.strictObject({
  deletedSubmissions: z.int().min(0),
  kept: z.array(text).describe('what stays, and why'),
  answeredAt: isoDate,
});
