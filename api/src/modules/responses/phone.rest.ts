import { z } from 'zod';
import { legacyNames } from '../../rest/legacy-names';
import { routeWith } from '../../rest/registry';
import { done } from '../../rest/wire';
import { legacyQuestionOut } from '../requests/requests.outputs';
import type { PublicRequest } from './public-requests.service';
import { legacyQuestion, legacyRow, typeName } from '../requests/requests.mappers';
import { countCommand } from '../surveys/surveys.schemas';
import {
  deviceSubmissionFields,
  deviceSubmissionRef,
  openRequestsCommand,
  publishedRequestRef,
  rankCommand,
  requestId,
  submitCollectionCommand,
  submitSurveyCommand,
  surveyLang,
  surveyQuestionsRef,
  surveyVersion,
} from './phone.schemas';
import { localizedQuestions, localizedRequest } from '../surveys/survey-localized';
import { acceptedOut, contractIdOut, countOut, endUserDataOut, openRequestsOut, rankedOut } from './phone.outputs';
import { toPayout } from './responses.mappers';
import { submittedOut } from './responses.outputs';
import type { Answered } from './submissions.service';
import type { PublicRequestsService } from './public-requests.service';
import type { SurveysService } from '../surveys/surveys.service';
import type { User } from '../users/user.entity';
import type { SubmissionsService } from './submissions.service';
import type { RequestContext } from '../../shared/context';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<
  { publicRequests: PublicRequestsService; submissions: SubmissionsService; surveys: SurveysService },
  User
>;
const route = routeWith<Ctx>();

const tag = 'phone app';

// The legacy spellings of the phone's calls (phone.schemas.ts holds the commands): getEndUserData
// names the request requestID, deleteRequest request_id, the other calls requestId (and the
// messages name the field as the call spells it).
const legacyEndUserData = legacyNames(
  { requestId: requestId('requestID'), surveyVersion, lang: surveyLang },
  { requestId: 'requestID' },
);
const legacyWithdraw = legacyNames(
  { ...deviceSubmissionFields, requestId: requestId('request_id') },
  { requestId: 'request_id' },
);

// What the phone needs to show and answer a published request (CLARIFICATIONS "Phone-app calls").
const endUserData = ({ request: r, questions, remaining }: PublicRequest) => ({
  id: r.id,
  type: r.type,
  type_name: typeName(r),
  title: r.title,
  description: r.description,
  desc: r.description,
  category: r.category,
  quality: r.quality,
  access: r.access,
  bonus: r.bonus,
  bonus_amount: r.bonusAmount,
  bonus_each: r.bonusEach,
  remaining,
  // a quota closed it: answers end as quota_full (remaining is 0)
  closed_at: r.closedAt ?? null,
  // paid after the requester's review (within review_days), or on submission
  pay_after_review: r.payAfterReview,
  review_days: r.reviewDays,
  key: r.keyId,
  publicKey: r.publicKeyPem,
  newchild: r.escrowAddress,
  contractId: r.escrowAddress,
  options: r.options ?? null,
  questions: questions ? questions.map(legacyQuestion) : null,
});
// a survey with added languages also says which it serves and its texts in it (docs/api/phone.md)
const localizedEndUserData = (p: PublicRequest, ctx: Ctx, lang?: string) => {
  const data = endUserData(p);
  const local = p.questions ? localizedRequest(p.request, ctx.request.headers['accept-language'], lang) : null;
  if (!local || !p.questions) return data;
  const localized = localizedQuestions(p.questions, local.language);
  return { ...data, ...local, questions: data.questions?.map((q, i) => ({ ...q, localized: localized[i] })) ?? null };
};

// The texts the phone shows when an answer ends without a paid place (docs/api/phone.md).
export const ENDED_MESSAGES = {
  screened_out:
    'Thank you for your time. This study is looking for people with a different profile, so your answers end here and take no paid place.',
  quota_full:
    'Thank you for your time. This study already has all the answers it needs from people like you, so your answers end here and take no paid place.',
} as const;

const accepted = (a: Answered) =>
  a.ended
    ? {
        outcome: a.ended.outcome,
        id: a.ended.id,
        memberId: a.ended.memberId,
        created: a.ended.createdAt,
        payout: toPayout(a.ended.payout),
        quota: a.ended.quota,
        message: ENDED_MESSAGES[a.ended.outcome],
      }
    : {
        outcome: 'accepted' as const,
        id: a.submission.id,
        memberId: a.participant.memberId,
        created: a.submission.createdAt,
        payout: toPayout(a.payout),
        quota: null,
        message: null,
      };

// Public: the phone app has no login. Only published requests are served; a draft is not found.
export const phoneRoutes = [
  route({
    method: 'GET',
    path: '/v1/requestClient/getOpenRequests',
    output: openRequestsOut,
    errors: [],
    tag,
    auth: 'public',
    summary:
      'Published requests that still have a paid place, newest first (page, limit, type): { list: [{ id, title, type, type_name, desc, created, questionCount, quality, access, bonus_each, remaining }], info: { count, pages, page } }',
    input: openRequestsCommand,
    handler: async (ctx, input) => {
      const p = await ctx.services.publicRequests.open(ctx.em, input);
      const list = p.list.map(({ request, remaining }) => {
        const { id, title, type, type_name, desc, created, questionCount, quality, access, bonus_each } =
          legacyRow(request);
        return { id, title, type, type_name, desc, created, questionCount, quality, access, bonus_each, remaining };
      });
      return { list, info: { count: p.count, pages: p.pages, page: p.page } };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/requestClient/getEndUserData',
    output: endUserDataOut,
    errors: ['NOT_FOUND', 'CLIENT_UPDATE_REQUIRED'],
    tag,
    auth: 'public',
    summary:
      'A published request for the phone: title, description, options (collections) or questions (surveys), bonus_each, remaining paid responses, quality, access, publicKey (PEM to encrypt responses to) and the escrow (newchild). A survey with added languages also answers language (the one served: lang, else Accept-Language, else its own), languages, dir (ltr or rtl) and localized { title, description }, and each question its localized texts',
    input: legacyEndUserData,
    handler: async (ctx, input) =>
      localizedEndUserData(await ctx.services.publicRequests.endUserData(ctx.em, input), ctx, input.lang),
  }),
  route({
    method: 'GET',
    path: '/v1/requestClient/getSurveyQuestions',
    output: z.array(legacyQuestionOut),
    errors: ['NOT_FOUND', 'CLIENT_UPDATE_REQUIRED'],
    tag,
    auth: 'public',
    summary:
      'The questions of a published survey: [{ id, index, type, title, options }] (options: choices, or { scale, shape } for stars). A client that knows survey format 2 sends surveyVersion=2 and also gets the newer types (with required, min, max, unit, rows); without it a survey using them answers 409 CLIENT_UPDATE_REQUIRED. A survey with added languages gives each question localized { language, title, choices, rows, unit } in the language asked for (lang, else Accept-Language, else its own); answers are still sent as the default texts (options, rows)',
    input: surveyQuestionsRef,
    handler: async (ctx, input) => {
      const { request, questions } = await ctx.services.publicRequests.surveyQuestions(ctx.em, input);
      const local = localizedRequest(request, ctx.request.headers['accept-language'], input.lang);
      const localized = local ? localizedQuestions(questions, local.language) : null;
      return questions.map((q, i) => ({ ...legacyQuestion(q), ...(localized ? { localized: localized[i] } : {}) }));
    },
  }),
  route({
    method: 'GET',
    path: '/v1/requestClient/getCount',
    output: countOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'public',
    summary: 'How many answers chose responseAnswer for questionId (stars: "1".."scale"): { count }',
    input: countCommand,
    handler: async (ctx, input) => ctx.services.surveys.count(ctx.em, input),
  }),
  route({
    method: 'GET',
    path: '/v1/requestClient/getContractId',
    output: contractIdOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'public',
    summary: 'The escrow of a published request: { requestId, contractId }',
    input: publishedRequestRef,
    handler: async (ctx, input) => {
      const r = await ctx.services.publicRequests.escrowOf(ctx.em, input);
      return { requestId: r.id, contractId: r.escrowAddress };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/requestClient/checkSubmitted',
    output: submittedOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'public',
    summary:
      "Whether this device answered the request: { submitted, memberId, submittedAt, payout { status, amount, txHash, failureMessage, completedAt, reviewDueAt, reviewedAt, reviewOutcome, rejectionReason } }. Paid after review the payout is awaiting_review until the requester decides (or reviewDueAt passes), then pending and sent, or rejected with the requester's rejectionReason",
    input: deviceSubmissionRef,
    handler: async (ctx, input) => {
      const s = await ctx.services.submissions.checkSubmitted(ctx.em, input);
      return { ...s, payout: toPayout(s.payout) };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/requestClient/submitCollection',
    output: acceptedOut,
    errors: ['NOT_FOUND', 'CONFLICT'],
    tag,
    auth: 'public',
    summary:
      'Answer a published collection: requestId, deviceId, walletAddress, encryptedData (aesgcm1.<base64 of 12-byte IV || AES-256-GCM ciphertext+tag of the response JSON, AAD "response-data|<requestId>">), sealedKey (the 32-byte data key sealed with HPKE to the request publicKey, info "response-key|<requestId>": hpke1.<base64 of enc (an uncompressed P-256 point) || ciphertext>). The JSON holds exactly what the request asks for, in the format of docs/collection-response.md. Bad input 400, then one per device and per wallet (409). The bonus is paid to walletAddress. 200 with outcome accepted, or quota_full when a quota of the request closed it (no paid place)',
    input: submitCollectionCommand,
    handler: async (ctx, input) => accepted(await ctx.services.submissions.submitCollection(ctx.em, input)),
  }),
  route({
    method: 'POST',
    path: '/v1/requestClient/submitSurvey',
    output: acceptedOut,
    errors: ['NOT_FOUND', 'CONFLICT', 'CLIENT_UPDATE_REQUIRED'],
    tag,
    auth: 'public',
    summary:
      'Answer a published survey: requestId, deviceId, walletAddress, answers [{ questionId or index, answer }] (a choice; a list for checkboxes; 1..scale for stars, which may also come later via request.api/ranking), durationMs (optional: the time taken). Every other question must be answered. One per device and per wallet (409). Survey format 2 (surveyVersion: 2): nps 0..10, matrix { row: column }, ranking [every choice, first place first]; text, number and date answers encrypted in encryptedData + sealedKey (as a collection), their question ids in personal; presented: the order shown. A survey with newer types answered without surveyVersion 2: 409 CLIENT_UPDATE_REQUIRED. 200 with outcome: accepted (a paid place), screened_out (a screener did not qualify: no paid place, payout the screen-out reward if any) or quota_full (a full quota; quota names it), and message for the participant',
    input: submitSurveyCommand,
    handler: async (ctx, input) => accepted(await ctx.services.submissions.submitSurvey(ctx.em, input)),
  }),
  route({
    method: 'POST',
    path: '/request.api/ranking',
    output: rankedOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'public',
    summary:
      'Star rating for question index (0-based) of a survey this device answered: index, stars (1..scale), requestId, deviceId; replaces an earlier rating',
    input: rankCommand,
    handler: async (ctx, input) => ctx.services.submissions.rank(ctx.em, input),
  }),
  route({
    method: 'DELETE',
    path: '/v1/requestClient/deleteRequest',
    output: done,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'public',
    summary:
      "Withdraw this device's submission (JSON body: request_id, deviceId): the response and its encrypted images are deleted and the counts drop; a payout already made is not reversed",
    input: legacyWithdraw,
    handler: async (ctx, input) => {
      await ctx.services.submissions.withdraw(ctx.em, input);
      return true;
    },
  }),
];
