import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../../shared/errors';
import { takeHits } from '../../shared/rate-limit';
import { User } from '../users/user.entity';
import { Notification } from './notification.entity';
import type { CreateNotificationCommand, NotificationRef } from './notifications.schemas';

const LIST_LIMIT = 100;

// In-app notifications per hour: what a user may send in all, and to any one recipient (so one
// account cannot flood another's list, nor everyone's), and what one user may receive from all
// senders together (so many accounts cannot flood one list either).
export const NOTIFICATION_LIMITS = { perSender: 60, perRecipient: 10, toRecipient: 100, windowMs: 3_600_000 };

export class NotificationsService {
  async create(em: EntityManager, sender: User, input: CreateNotificationCommand): Promise<Notification> {
    const recipient = await em.findOne(User, { id: input.toId });
    if (!recipient) throw notFound('Recipient');
    return em.transactional(async (tx) => {
      await this.countSent(tx, sender.id, [recipient.id]);
      return tx.create(Notification, { recipient, sender, text: input.notification });
    });
  }

  /**
   * Counts notifications a user sends against NOTIFICATION_LIMITS, or refuses them all with
   * RATE_LIMITED. Call it in the transaction that creates them, for every sender of notifications.
   */
  async countSent(em: EntityManager, senderId: string, recipientIds: string[]): Promise<void> {
    const { perSender, perRecipient, toRecipient, windowMs } = NOTIFICATION_LIMITS;
    // every count is locked, checked and taken at once (rate-limit.ts): parallel sends from one
    // sender, or from many senders to one inbox, never pass a cap
    await takeHits(em, [
      {
        bucket: `notify:sender:${senderId}`,
        max: perSender,
        windowMs,
        hits: recipientIds.length,
        message: `You can send at most ${perSender} notifications an hour. Please try again later.`,
      },
      ...recipientIds.map((id) => ({
        bucket: `notify:pair:${senderId}:${id}`,
        max: perRecipient,
        windowMs,
        message: `You can send at most ${perRecipient} notifications an hour to the same person. Please try again later.`,
      })),
      ...recipientIds.map((id) => ({
        bucket: `notify:to:${id}`,
        max: toRecipient,
        windowMs,
        message: 'This person has received too many notifications in the last hour. Please try again later.',
      })),
    ]);
  }

  /** The caller's own notifications, newest first. */
  list(em: EntityManager, user: User): Promise<Notification[]> {
    return em.find(Notification, { recipient: user }, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: LIST_LIMIT });
  }

  async delete(em: EntityManager, user: User, { id }: NotificationRef): Promise<void> {
    if (!(await em.nativeDelete(Notification, { id, recipient: user }))) throw notFound('Notification');
  }
}
