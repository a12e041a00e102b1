// What the request REST routes (the requester's and the phone's) answer, as JSON (the OpenAPI
// document and the contract checks).
import { z } from 'zod';
import { count, evmAddressOut, isoDate, pageInfoOut, uuid, wholeNumber } from '../../rest/wire';
import { QUESTION_TYPES, STAR_SCALE, STAR_SHAPES } from '../surveys/survey-question.entity';
import { ACCESS_TYPES, FUNDINGS, QUALITIES, REQUEST_TYPES } from './request.entity';
import { legacyOutputShape } from './request-fields';
import { optionFlags } from './requests.schemas';

export const collectionOptionsOut = optionFlags.required();

const requestType = z.enum(REQUEST_TYPES);
const typeName = z.enum(['Collection', 'Survey']);
const escrow = evmAddressOut.nullable();

const conditionSetOut = z.strictObject({
  match: z.enum(['all', 'any']),
  conditions: z.array(
    z.strictObject({
      question: count.describe('an earlier question, by 0-based position'),
      op: z.enum(['equals', 'one_of', 'range']),
      values: z.array(z.string()).optional(),
      min: z.number().optional(),
      max: z.number().optional(),
    }),
  ),
});
const logicOut = z.strictObject({
  showIf: conditionSetOut.nullable().optional().describe('shown only when these conditions hold'),
  skip: z
    .strictObject({ when: conditionSetOut, to: z.union([count, z.literal('end')]) })
    .nullable()
    .optional()
    .describe('after this question, jump to a later position (or the end) when the conditions hold'),
});

/** a survey question as the legacy designer and the phone read it */
/** A question's texts in the language served (issue 30); each untranslated one is the default's. */
export const localizedQuestionOut = z.strictObject({
  language: z.string().describe('the BCP 47 code served'),
  title: z.string(),
  choices: z.array(z.string()).describe('parallel to options (a matrix: its columns); none for stars and nps'),
  rows: z.array(z.string()).describe('matrix: parallel to rows'),
  unit: z.string().nullable().describe('number: its unit'),
});

export const legacyQuestionOut = z.strictObject({
  id: uuid,
  index: count.describe('0-based position'),
  type: z.enum(QUESTION_TYPES),
  title: z.string(),
  options: z
    .union([
      z.array(z.string()).describe('the choices (dropdown, radios, checkboxes)'),
      z.strictObject({
        scale: wholeNumber.min(STAR_SCALE.min).max(STAR_SCALE.max).describe('answers are 1..scale'),
        shape: z.enum(STAR_SHAPES),
      }),
    ])
    .describe(
      'the choices (a matrix: its columns; nps and the text, number and date types: none), or { scale, shape } for a star rating',
    ),
  required: z.boolean().optional().describe('survey version 2 types: whether it must be answered'),
  min: z.number().nullable().optional().describe('number: the smallest answer allowed (null: any)'),
  max: z.number().nullable().optional().describe('number: the largest answer allowed (null: any)'),
  unit: z.string().nullable().optional().describe('number: its unit, e.g. kg'),
  rows: z.array(z.string()).optional().describe('matrix: its rows, each answered with one column'),
  logic: logicOut.optional().describe('survey version 2: its display condition and skip'),
  block: z
    .strictObject({ shuffle: z.boolean().describe('its questions shown in a random order') })
    .optional()
    .describe('survey version 2: a block of questions starts here and runs to the next block start'),
  shuffleOptions: z.literal(true).optional().describe('survey version 2: its choices shown in a random order'),
  localized: localizedQuestionOut
    .optional()
    .describe('a survey with added languages: its texts in the language served (answers still use options and rows)'),
});

/** a list row (spec section 3 "Request (list row)") */
export const legacyRowOut = z.strictObject({
  id: uuid,
  title: z.string(),
  type: requestType,
  type_name: typeName,
  desc: z.string().describe('the description'),
  key: z.string().describe('the request key responses are encrypted to'),
  created: isoDate,
  last_modified: isoDate,
  questionCount: count.nullable().describe('surveys: how many questions; null for collections'),
  count_response: count,
  status: z.union([z.literal(0), z.literal(1)]).describe('0 draft, 1 published'),
  quality: z.enum(QUALITIES),
  access: z.enum(ACCESS_TYPES),
  bonus: z.literal('eth').describe('the bonus currency: eth, which stands for the IPT token'),
  bonus_amount: count.describe('Total IPTs'),
  bonus_each: count.describe('IPT per response'),
  newchild: escrow.describe('the escrow (published requests)'),
  addressSigner: escrow.describe('the wallet that created and funded the escrow'),
  closed_at: isoDate
    .nullable()
    .describe('when a quota that closes the request filled: it takes no more answers (null: not closed)'),
});

/** when participants are paid: on submission, or after the requester's review within review_days */
export const payoutModeOut = z.strictObject(legacyOutputShape).pick({ pay_after_review: true, review_days: true });

// the legacy read-back's question: as the phone's, with its translations to send back on an edit
const legacyDetailQuestionOut = legacyQuestionOut.extend({
  translations: z
    .array(
      z.strictObject({
        language: z.string(),
        title: z.string().nullable(),
        choices: z.array(z.string()).nullable(),
        rows: z.array(z.string()).nullable(),
        unit: z.string().nullable(),
      }),
    )
    .optional()
    .describe("a survey with added languages: the question's texts in each (send them back on an edit to keep them)"),
});

/** a request as the form reads it (spec section 3 "Request (detail)") */
export const legacyDetailOut = legacyRowOut.extend({
  description: z.string(),
  category: z.string(),
  bonusAmount: count,
  capacity: count.describe('paid responses it can take: floor(bonus_amount / bonus_each)'),
  entity: z
    .strictObject({ bonus_amount: count, bonus_each: count, ...collectionOptionsOut.partial().shape })
    .describe('the amounts, with the options of a collection'),
  data: z
    .union([z.array(legacyDetailQuestionOut), collectionOptionsOut, z.null()])
    .describe('surveys: the questions; collections: the options'),
  language: z.string().optional().describe('a survey with added languages: the language it is written in'),
  translations: z
    .array(z.strictObject({ language: z.string(), title: z.string().nullable(), description: z.string().nullable() }))
    .optional()
    .describe('a survey with added languages: its title and description in each'),
  contract_id: escrow.describe('the escrow, as newchild'),
  address: escrow.describe('the signer, as addressSigner'),
  escrow_verified: z.boolean().describe('the escrow was checked on-chain'),
  pay_with: z.enum(FUNDINGS).describe('who funded the escrow: the wallet or prepaid credit'),
  // pay_after_review, review_days, ...: the fields declared in request-fields.ts
  ...legacyOutputShape,
});

export const requestListOut = z.strictObject({ list: z.array(legacyRowOut), info: pageInfoOut });

export const overviewOut = z.strictObject({
  open: count.describe('published requests'),
  draft: count,
  response_total: count,
  response_today: count.describe('responses since midnight of your day (tzOffset)'),
  avg_comp_rate: z.number().min(0).describe('responses / paid places of published requests, in percent'),
});

export const contractsOut = z.strictObject({
  list: z.array(
    z.strictObject({
      id: uuid.describe('the request'),
      address: escrow.describe('the signer'),
      escrow: escrow,
      newchild: escrow.describe('the escrow, as the legacy app names it'),
      title: z.string(),
      bonus_amount: count,
      created: isoDate.describe('when it was published'),
      status: z.literal('Completed'),
    }),
  ),
  info: pageInfoOut,
});

export const statisticsOut = z.array(
  z.strictObject({
    questionId: uuid,
    title: z.string(),
    type: z.enum(QUESTION_TYPES),
    data: z.array(
      z.strictObject({
        option: z.string(),
        counter: count,
        row: z.string().optional().describe('matrix: the row of this cell (option is its column)'),
        meanRank: z.number().nullable().optional().describe('ranking: the mean place given (1 = first)'),
      }),
    ),
  }),
);
