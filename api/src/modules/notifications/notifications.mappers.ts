import type { Notification } from './notification.entity';
import type { NotificationType } from './notifications.types';

// Entity -> API shape, shared by GraphQL and REST so both clients see the same fields.
export const toNotification = (n: Notification): NotificationType => ({
  id: n.id,
  notification: n.text,
  createdAt: n.createdAt,
});
