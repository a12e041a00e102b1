import { z } from 'zod';
import { trimmed } from '../../shared/validation';

// The commands of the notifications service, in the domain's words. The legacy REST name
// (`to_id`) is translated in notifications.rest.ts only; GraphQL resolvers parse with these
// (parseArgs).
export const createNotificationFields = {
  notification: trimmed(500, 'Notification'),
  toId: z.uuid('to_id must be a user id'),
};
export const createNotificationCommand = z.strictObject(createNotificationFields);
export type CreateNotificationCommand = z.infer<typeof createNotificationCommand>;

export const notificationRef = z.strictObject({ id: z.uuid('id must be a notification id') });
export type NotificationRef = z.infer<typeof notificationRef>;
