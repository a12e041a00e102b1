import { z } from 'zod';
import { legacyNames } from '../../rest/legacy-names';
import { routeWith } from '../../rest/registry';
import { done } from '../../rest/wire';
import { requireUser, type RequestContext } from '../../shared/context';
import { toNotification } from './notifications.mappers';
import { notificationOut } from './notifications.outputs';
import { createNotificationFields, notificationRef } from './notifications.schemas';
import type { User } from '../users/user.entity';
import type { NotificationsService } from './notifications.service';

/** The request context of these handlers: the services they use (the root hands them in) and the user type. */
export type Ctx = RequestContext<{ notifications: NotificationsService }, User>;
const route = routeWith<Ctx>();

// the legacy spelling of the create command: the recipient travels as `to_id`
const legacyCreateNotification = legacyNames(createNotificationFields, { toId: 'to_id' });

export const notificationsRoutes = [
  route({
    method: 'POST',
    path: '/v1/auth/user/createNotification',
    output: notificationOut,
    errors: ['NOT_FOUND'],
    tag: 'notifications',
    auth: 'user',
    summary: 'Send a notification to a user (to_id)',
    input: legacyCreateNotification,
    handler: async (ctx, input) =>
      toNotification(await ctx.services.notifications.create(ctx.em, requireUser(ctx), input)),
  }),
  route({
    method: 'GET',
    path: '/v1/auth/user/getNotifications',
    output: z.array(notificationOut),
    errors: [],
    tag: 'notifications',
    auth: 'user',
    summary: 'Your notifications: id, notification',
    handler: async (ctx) => (await ctx.services.notifications.list(ctx.em, requireUser(ctx))).map(toNotification),
  }),
  route({
    method: 'DELETE',
    path: '/v1/auth/user/deleteNotification',
    output: done,
    errors: ['NOT_FOUND'],
    tag: 'notifications',
    auth: 'user',
    summary: 'Delete one of your notifications (JSON body: id)',
    input: notificationRef,
    handler: async (ctx, input) => {
      await ctx.services.notifications.delete(ctx.em, requireUser(ctx), input);
      return true;
    },
  }),
];
