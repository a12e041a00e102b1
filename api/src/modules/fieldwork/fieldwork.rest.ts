import { z } from 'zod';
import { routeWith } from '../../rest/registry';
import { count } from '../../rest/wire';
import type { RequestContext } from '../../shared/context';
import { publishedRequestRef } from '../responses/phone.schemas';
import type { User } from '../users/user.entity';
import { ATTENTION_FAILS_TO_REJECT } from './fieldwork.rules';
import type { FieldworkService } from './fieldwork.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ fieldwork: FieldworkService }, User>;
const route = routeWith<Ctx>();

export const ATTENTION_RULE = `This survey has attention checks. An answer is rejected for attention only when it fails at least ${ATTENTION_FAILS_TO_REJECT} of them.`;

const fieldworkOut = z.strictObject({
  attention_checks: count.describe('attention checks in the survey'),
  attention_rule: z.string().nullable().describe('what the participant is told up front (null: no checks)'),
  screeners: count.describe('screener questions: a participant who does not qualify ends there, with no paid place'),
});

export const fieldworkRoutes = [
  route({
    method: 'GET',
    path: '/v1/requestClient/getFieldwork',
    output: fieldworkOut,
    errors: ['NOT_FOUND'],
    tag: 'phone app',
    auth: 'public',
    summary:
      'What the phone tells a participant before a published survey: how many attention checks it has and the rule (a rejection for attention needs two failed checks), and how many screeners',
    input: publishedRequestRef,
    handler: async (ctx, input) => {
      const f = await ctx.services.fieldwork.forParticipant(ctx.em, input.requestId);
      return {
        attention_checks: f.attentionChecks,
        attention_rule: f.attentionChecks ? ATTENTION_RULE : null,
        screeners: f.screeners,
      };
    },
  }),
];
