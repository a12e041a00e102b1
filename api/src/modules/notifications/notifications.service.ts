import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { notFound } from '../../shared/errors';
import { parseInput, trimmed } from '../../shared/validation';
import { User } from '../users/user.entity';
import { Notification } from './notification.entity';

export const createNotificationSchema = z.strictObject({
  notification: trimmed(500, 'Notification'),
  to_id: z.uuid('to_id must be a user id'),
});
export const notificationIdSchema = z.strictObject({ id: z.uuid('id must be a notification id') });

const LIST_LIMIT = 100;

export class NotificationsService {
  async create(em: EntityManager, sender: User, raw: unknown): Promise<Notification> {
    const input = parseInput(createNotificationSchema, raw);
    const recipient = await em.findOne(User, { id: input.to_id });
    if (!recipient) throw notFound('Recipient');
    const n = em.create(Notification, { recipient, sender, text: input.notification });
    await em.flush();
    return n;
  }

  /** The caller's own notifications, newest first. */
  list(em: EntityManager, user: User): Promise<Notification[]> {
    return em.find(Notification, { recipient: user }, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: LIST_LIMIT });
  }

  async delete(em: EntityManager, user: User, raw: unknown): Promise<void> {
    const { id } = parseInput(notificationIdSchema, raw);
    if (!(await em.nativeDelete(Notification, { id, recipient: user }))) throw notFound('Notification');
  }
}
