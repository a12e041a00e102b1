import { requireUser, type RequestContext } from '../../shared/context';
import { routeWith } from '../../rest/registry';
import type { User } from '../users/user.entity';
import { retentionOut } from './retention.outputs';
import { retentionRef, setRetentionCommand } from './retention.schemas';
import type { RetentionService } from './retention.service';

/** The request context of these handlers: the services they use and the user type. */
export type Ctx = RequestContext<{ retention: RetentionService }, User>;
const route = routeWith<Ctx>();
const tag = 'requests';

export const retentionRoutes = [
  route({
    method: 'GET',
    path: '/v1/request/retention',
    output: retentionOut,
    errors: ['NOT_FOUND'],
    tag,
    auth: 'user',
    summary:
      'How long the answers to one of your requests are kept, how many are due for deletion within a week and how many were deleted',
    input: retentionRef,
    handler: async (ctx, { requestId }) => ctx.services.retention.get(ctx.em, requireUser(ctx), requestId),
  }),
  route({
    method: 'POST',
    path: '/v1/request/retention',
    output: retentionOut,
    errors: ['NOT_FOUND', 'CONFLICT'],
    tag,
    auth: 'user',
    summary:
      'Choose how long the answers to one of your requests are kept (30, 90, 180, 365 or 730 days after each is sent); participants see it before answering and in their receipt. Once a request has answers it can only be made shorter (409 otherwise)',
    input: setRetentionCommand,
    handler: async (ctx, command) => ctx.services.retention.set(ctx.em, requireUser(ctx), command),
  }),
];
