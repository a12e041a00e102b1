import { ECDH } from 'node:crypto';
import { z } from 'zod';
import { evmAddress } from '../../shared/address';
import { deviceIdSchema } from '../participants/participants.service';
import { REQUEST_TYPES } from '../requests/request.entity';
import { answerSchema } from '../surveys/surveys.schemas';
import { COLLECTION_PLAINTEXT } from '../../../../shared/collection-response.schema';
import { pageFields } from '../../shared/paging';
import {
  ENC_BYTES,
  ENVELOPE_PREFIX,
  GCM_IV_BYTES,
  GCM_TAG_BYTES,
  RESPONSE_DATA_PREFIX,
} from '../../../../shared/crypto-constants';

// Envelope formats (docs/phone-response-encryption.md and docs/api/phone.md); the server checks their shape
// only, it never holds a key that opens them.
const base64 = '[A-Za-z0-9+/]+={0,2}';
export const DATA_PREFIX = RESPONSE_DATA_PREFIX;
export const SEALED_KEY_PREFIX = ENVELOPE_PREFIX;
// enc (65-byte P-256 point) + a sealed 32-byte AES key + 16-byte tag
const SEALED_KEY_BYTES = ENC_BYTES + 32 + GCM_TAG_BYTES;
// 12-byte IV + 16-byte tag, at least
const MIN_DATA_BYTES = GCM_IV_BYTES + GCM_TAG_BYTES;

const decodedLength = (b64: string) => Buffer.from(b64, 'base64').length;

/** Whether the sealed key starts with an uncompressed P-256 point (HPKE's enc) that is on the curve. */
const sealsToAPoint = (b64: string): boolean => {
  const enc = Buffer.from(b64, 'base64').subarray(0, 65);
  if (enc[0] !== 0x04) return false;
  try {
    ECDH.convertKey(enc, 'prime256v1');
    return true;
  } catch {
    return false;
  }
};

/** A request id; `name` is the field's name in its messages (the legacy calls spell it differently). */
export const requestId = (name = 'requestId') =>
  z.uuid(`${name} must be a request id`).describe('the published request');

export const encryptedDataSchema = z
  .string()
  .max(200_000, 'encryptedData is too large')
  .regex(new RegExp(`^${DATA_PREFIX.replace('.', '\\.')}${base64}$`), `encryptedData must be ${DATA_PREFIX}<base64>`)
  .refine((v) => decodedLength(v.slice(DATA_PREFIX.length)) >= MIN_DATA_BYTES, 'encryptedData is too short');

export const sealedKeySchema = z
  .string()
  .max(400, 'sealedKey is too long')
  .regex(
    new RegExp(`^${SEALED_KEY_PREFIX.replace('.', '\\.')}${base64}$`),
    `sealedKey must be ${SEALED_KEY_PREFIX}<base64>`,
  )
  .refine(
    (v) => decodedLength(v.slice(SEALED_KEY_PREFIX.length)) === SEALED_KEY_BYTES,
    'sealedKey must seal a 32-byte AES-256 key',
  )
  .refine(
    (v) => sealsToAPoint(v.slice(SEALED_KEY_PREFIX.length)),
    'sealedKey must start with its encapsulated key: an uncompressed P-256 point on the curve (65 bytes, 0x04 || x || y)',
  );

/** One key per answer, made by the client and kept until the server answers (submission-replay.ts). */
const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'idempotencyKey must be 8-64 letters, digits, - or _')
  .optional()
  .describe(
    'optional, one per answer (8-64 letters, digits, - or _): an answer sent again with the same key (made offline and resent, or a retry whose reply was lost) returns the first result; it is not stored, counted or paid twice',
  );

const participant = {
  deviceId: deviceIdSchema,
  walletAddress: evmAddress('walletAddress').describe(
    'the wallet the bonus is paid to: 0x and 40 hex digits (one response per wallet and request)',
  ),
};

// The commands of the phone's calls (public requests and submissions), in the domain's words;
// the legacy spellings (request_id, requestID) are translated in phone.rest.ts.

/** A collection response: ciphertext and the sealed data key only. */
export const submitCollectionCommand = z.strictObject({
  requestId: requestId(),
  ...participant,
  encryptedData: encryptedDataSchema.meta({
    description:
      'aesgcm1.<base64 of the 12-byte IV || AES-256-GCM ciphertext and tag>; the plaintext is a CollectionResponse (x-plaintext)',
    ...COLLECTION_PLAINTEXT,
  }),
  sealedKey: sealedKeySchema.meta({ description: 'hpke1.<base64 of enc || the sealed 32-byte data key>' }),
  idempotencyKey,
});
export type SubmitCollectionCommand = z.infer<typeof submitCollectionCommand>;

/** The survey format a phone client knows: absent or 1 (the four old question types), or 2. */
export const surveyVersion = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2)], { error: 'surveyVersion must be 1 or 2' }))
  .optional()
  .describe(
    'the survey format this client knows: 2 for the newer question types (text, number, date, nps, matrix, ranking); absent or 1, the four old ones only (a survey needing more answers 409 CLIENT_UPDATE_REQUIRED)',
  );

/** The language a phone client asks a survey's texts in (else its Accept-Language header counts). */
export const surveyLang = z
  .string()
  .max(200, 'lang is at most 200 characters')
  .regex(
    /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*(,[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*){0,9}$/,
    'lang is a BCP 47 language tag such as ar or pt-BR, or a comma-separated list of them, most wanted first',
  )
  .optional()
  .describe(
    "the language to show the survey's texts in: a BCP 47 tag (ar; ar-EG finds ar) or a comma-separated list, most wanted first (a browser's languages); none of them: the survey's own language. Absent: the Accept-Language header's best match",
  );

/** A survey's answers; text, number and date answers come encrypted, like a collection's data. */
export const submitSurveyCommand = z
  .strictObject({
    requestId: requestId(),
    ...participant,
    surveyVersion,
    answers: z
      .array(answerSchema)
      .max(100, 'At most 100 answers')
      .describe('one per closed question; a star rating may be left out and sent later (request.api/ranking)'),
    personal: z
      .array(z.uuid('personal lists question ids'))
      .max(100)
      .optional()
      .describe('surveyVersion 2: the text, number and date questions answered inside encryptedData'),
    encryptedData: encryptedDataSchema
      .optional()
      .describe(
        'surveyVersion 2, with personal answers: aesgcm1.<base64>, as a collection\'s, of { "answers": { "<questionId>": "<text>" | <number> | "<YYYY-MM-DD>" } }',
      ),
    sealedKey: sealedKeySchema.optional().describe('with encryptedData: its data key sealed to the request key'),
    durationMs: z
      .number()
      .int()
      .min(0)
      .max(86_400_000)
      .optional()
      .describe('how long the participant took, in milliseconds, as the phone measured it (speeding checks)'),
    presented: z
      .strictObject({
        questions: z
          .array(z.uuid().describe('a question id'))
          .max(100)
          .describe('every question id of the survey, in the order shown (those the logic hides too)'),
        options: z
          .record(z.uuid(), z.array(z.string().max(200)).max(200))
          .describe('per question that shuffles its choices (question id): its choices in the order shown'),
      })
      .optional()
      .describe(
        "surveyVersion 2, required when the survey shuffles questions or choices: the order this participant saw (checked: each block's questions within the block, in the designed order unless it shuffles; the choices of exactly the questions that shuffle them)",
      ),
    idempotencyKey,
  })
  .refine((s) => (s.encryptedData === undefined) === (s.sealedKey === undefined), {
    message: 'Send encryptedData and sealedKey together',
    path: ['sealedKey'],
  })
  .refine((s) => !s.personal?.length || s.encryptedData !== undefined, {
    message: 'Personal answers come in encryptedData',
    path: ['encryptedData'],
  });
export type SubmitSurveyCommand = z.infer<typeof submitSurveyCommand>;

/** This device's submission to a request (checkSubmitted; withdraw takes it as request_id, deviceId). */
export const deviceSubmissionFields = { requestId: requestId(), deviceId: deviceIdSchema };
export const deviceSubmissionRef = z.strictObject(deviceSubmissionFields);
export type DeviceSubmissionRef = z.infer<typeof deviceSubmissionRef>;

/** A star rating for question `index` of a survey this device answered. */
export const rankCommand = z.strictObject({
  // 0-based position of the star question in the survey
  index: z.coerce.number().int().min(0).max(1000).describe('the star question’s position in the survey, from 0'),
  stars: z.coerce
    .number()
    .int('stars must be a whole number')
    .describe("the rating: a whole number from 1 to the question's scale (a number, or its digits as text)"),
  requestId: requestId(),
  deviceId: deviceIdSchema,
});
export type RankCommand = z.infer<typeof rankCommand>;

/** A published request the phone reads (getEndUserData takes it as requestID: see phone.rest.ts). */
export const publishedRequestRef = z.strictObject({ requestId: requestId() });
export type PublishedRequestRef = z.infer<typeof publishedRequestRef> & { surveyVersion?: 1 | 2 };
/** A published survey's questions, for a client that says which survey format it knows. */
export const surveyQuestionsRef = z.strictObject({ requestId: requestId(), surveyVersion, lang: surveyLang });

/** A page of the published requests that still have a paid place. */
export const openRequestsCommand = z.strictObject({
  ...pageFields(10),
  type: z.enum(REQUEST_TYPES).optional().describe('collection or survey: only that type (absent: both)'),
});
export type OpenRequestsCommand = z.infer<typeof openRequestsCommand>;
