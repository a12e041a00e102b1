// The JSON a collection response holds before the phone encrypts it (docs/collection-response.md).
// The server only ever sees the ciphertext, so nothing here validates a request: this schema is the
// OpenAPI document's description of the plaintext (components.schemas.CollectionResponse), kept in
// step with the participant client's checks (web/src/shared/collection/collection-format.ts) by
// test/api/collection-response.test.ts.
import { z } from 'zod';

/** a trimmed string (no space at either end) */
const text = (max: number, label: string) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^\S(?:[\s\S]*\S)?$/, `${label} must not start or end with spaces`);
const country = text(200, 'country').describe('an ISO 3166-1 alpha-2 code or an English name');

export const GENDERS = ['female', 'male', 'non-binary', 'prefer not to say'] as const;
export const ID_TYPES = ['passport', 'national ID card', 'driving licence'] as const;

const ask = (option: string) => `present exactly when the request's options.${option} is true`;

const examples = [
  {
    firstName: 'Ada',
    lastName: 'Lovelace',
    age: 36,
    mobile: '+44 20 7946 0018',
    email: 'ada@example.org',
    gender: 'female',
    location: {
      name: 'Home',
      street: 'St James Sq 12',
      region: 'London',
      district: 'Westminster',
      city: 'London',
      country: 'UK',
    },
    image_upload: ['https://images.example.org/ada.jpg'],
  },
  {
    health: { stepsPerDay: 8200, restingHeartRate: 61, sleepHours: 7.5 },
    idDocument: { type: 'passport', country: 'UK', last4: '0427' },
  },
];

export const collectionResponseJson = z
  .strictObject({
    firstName: text(100, 'firstName').optional().describe(ask('profileData')),
    lastName: text(100, 'lastName').optional().describe(ask('profileData')),
    age: z
      .int()
      .min(13)
      .max(120)
      .optional()
      .describe(`whole years, a JSON number; ${ask('profileData')}`),
    mobile: z
      .string()
      .regex(/^\+[1-9](?: ?\d){7,14}$/)
      .optional()
      .describe(`international form, + and 8 to 15 digits with single spaces; ${ask('profileData')}`),
    email: z
      .string()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/)
      .optional()
      .describe(ask('profileData')),
    gender: z.enum(GENDERS).optional().describe(ask('profileData')),
    location: z
      .strictObject({
        name: text(200, 'location.name').describe("the participant's label, e.g. Home"),
        street: text(200, 'location.street'),
        region: text(200, 'location.region'),
        district: text(200, 'location.district'),
        city: text(200, 'location.city'),
        country,
      })
      .optional()
      .describe(ask('locationData')),
    health: z
      .strictObject({
        stepsPerDay: z.int().min(0).max(200_000),
        restingHeartRate: z.int().min(20).max(250).describe('beats per minute'),
        sleepHours: z.number().min(0).max(24).describe('hours a night, one decimal'),
      })
      .optional()
      .describe(ask('healthData')),
    idDocument: z
      .strictObject({
        type: z.enum(ID_TYPES),
        country,
        last4: z
          .string()
          .regex(/^[A-Za-z0-9]{4}$/)
          .describe('the last 4 characters of the document number; never the whole number'),
      })
      .optional()
      .describe(ask('idData')),
    image_upload: z
      .array(
        z
          .string()
          .max(2000)
          .regex(/^https?:\/\/\S+$/)
          .describe(
            'a link uploadImage answered: https:// from a server on https; http:// only from a local development server on http',
          ),
      )
      .min(1)
      .max(5)
      .optional()
      .describe(
        `links made by POST /v1/requestClient/uploadImage (<origin>/v1/requestClient/image/<id>) to the images, each encrypted with the response's data key, in order; ${ask('personalImages')}`,
      ),
  })
  .meta({
    title: 'CollectionResponse',
    description:
      "What a collection response holds before the phone encrypts it (encryptedData): UTF-8 JSON, one object with exactly the keys of the options the request asks for (getEndUserData's options): profileData brings firstName, lastName, age, mobile, email and gender; locationData location; healthData health; idData idDocument; personalImages image_upload. The server never sees it in clear; docs/collection-response.md.",
    examples,
  });

export type CollectionResponseJson = z.infer<typeof collectionResponseJson>;

/** JSON Schema keywords pointing a ciphertext field at the plaintext it carries */
export const COLLECTION_PLAINTEXT = {
  'x-plaintext': { $ref: '#/components/schemas/CollectionResponse' },
} as const;
