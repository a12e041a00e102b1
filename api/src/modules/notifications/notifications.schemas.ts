import { z } from 'zod';
import { trimmed } from '../../shared/validation';

// The commands of the notifications service, in the domain's words. The legacy REST name
// (`to_id`) is translated in notifications.rest.ts only; GraphQL resolvers parse with these
// (parseArgs).
export const createNotificationFields = {
  notification: trimmed(500, 'Notification').describe('the text, 1 to 500 characters'),
  toId: z.uuid('to_id must be a user id').describe('the user it is for'),
};
export const createNotificationCommand = z.strictObject(createNotificationFields);
export type CreateNotificationCommand = z.infer<typeof createNotificationCommand>;

export const notificationRef = z.strictObject({
  id: z.uuid('id must be a notification id').describe('the notification'),
});
export type NotificationRef = z.infer<typeof notificationRef>;
