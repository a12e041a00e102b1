import { z } from 'zod';
import type { RequestContext } from '../../shared/context';
import { routeWith } from '../../rest/registry';
import type { User } from '../users/user.entity';
import { accessLogOut, deletedOut, myDataOut, receiptFileOut, termsOut, verifiedOut } from './consent.outputs';
import { deviceCommand, receiptsCommand, termsCommand, verifyCommand } from './consent.schemas';
import type { ConsentService } from './consent.service';
import { retentionText } from './receipt-claims';
import { ANSWER_WITHIN_DAYS, type RightsService } from './rights.service';

/** The request context of these handlers: the services they use and the user type. */
export type Ctx = RequestContext<{ consent: ConsentService; rights: RightsService }, User>;
const route = routeWith<Ctx>();
const tag = 'participant rights';

// Public like the other phone-app calls: the device id is the participant's only credential.
export const consentRoutes = [
  route({
    method: 'GET',
    path: '/v1/requestClient/getConsentTerms',
    output: termsOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'public',
    summary:
      'What answering a published request shares, with whom, why, for what reward and for how long: shown before answering and signed into the consent receipt',
    input: termsCommand,
    handler: async (ctx, { requestId }) => {
      const t = await ctx.services.consent.termsOfPublished(ctx.em, requestId);
      return {
        requestId: t.request.id,
        controller: t.requester.name,
        purpose: t.request.description,
        categories: t.categories,
        sensitive: t.sensitive,
        reward: { amount: t.request.bonusEach, currency: 'IPT' as const, payAfterReview: t.request.payAfterReview },
        retention: {
          days: t.retention.days,
          until: t.retention.until?.toISOString() ?? null,
          text: retentionText(t.retention),
        },
      };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/requestClient/getReceipts',
    output: z.array(receiptFileOut),
    errors: [],
    tag,
    auth: 'public',
    summary:
      "This device's consent receipts, newest first (requestId: one request's only): each the signed receipt (compact JWS, ES256), its claims decoded, and where the verifying keys are published",
    input: receiptsCommand,
    handler: async (ctx, { deviceId, requestId }) => ctx.services.consent.receipts(ctx.em, deviceId, requestId),
  }),
  route({
    method: 'POST',
    path: '/v1/consent/verify',
    output: verifiedOut,
    errors: [],
    tag,
    auth: 'public',
    summary:
      "Whether a consent receipt is genuine: signed by this platform's published key and unchanged since (the same check can be done offline: docs/consent-receipts.md)",
    input: verifyCommand,
    handler: async (ctx, { receipt }) => {
      const v = await ctx.services.consent.verify(receipt);
      return v.valid
        ? { valid: true, reason: null, kid: v.kid, claims: v.claims }
        : { valid: false, reason: v.reason, kid: null, claims: null };
    },
  }),
  route({
    method: 'GET',
    path: '/v1/requestClient/getAccessLog',
    output: accessLogOut,
    errors: [],
    tag,
    auth: 'public',
    summary:
      "Everything that touched this device's answers, newest first: listed, exported, images downloaded, approved or rejected by the requester, carried by a webhook, withdrawn, expired, deleted. No answer content",
    input: deviceCommand,
    handler: async (ctx, { deviceId }) =>
      (await ctx.services.consent.accessLogOf(ctx.em, deviceId)).map((e) => ({
        id: e.id,
        kind: e.kind,
        actor: e.actor,
        detail: e.detail ?? null,
        at: e.at,
        requestId: e.requestId ?? null,
        requestTitle: e.requestTitle,
        submissionId: e.submissionId ?? null,
      })),
  }),
  route({
    method: 'GET',
    path: '/v1/requestClient/getMyData',
    output: myDataOut,
    errors: [],
    tag,
    auth: 'public',
    summary:
      "An access request: everything the server holds about this device's participant, as JSON (member id, wallet, submissions with their ciphertexts as stored or survey answers, withdrawals, payouts, receipts, the access log). Answered at once and logged",
    input: deviceCommand,
    handler: async (ctx, { deviceId }) => {
      const data = await ctx.services.rights.access(ctx.em, deviceId);
      return { ...data, answerWithinDays: ANSWER_WITHIN_DAYS };
    },
  }),
  route({
    method: 'POST',
    path: '/v1/requestClient/deleteMyData',
    output: deletedOut,
    errors: [],
    tag,
    auth: 'public',
    summary:
      'A deletion request: every answer of this device is withdrawn (its response, survey counts and any payout still awaiting review deleted, the requester told by response.withdrawn); payout records, receipts and the access log stay. Answered at once and logged; a repeat finds nothing left',
    input: deviceCommand,
    handler: async (ctx, { deviceId }) => ({
      ...(await ctx.services.rights.delete(ctx.em, deviceId)),
      answeredAt: new Date(),
    }),
  }),
];
