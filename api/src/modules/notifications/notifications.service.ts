import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError, notFound } from '../../shared/errors';
import { countHits, recordHit } from '../auth/rate-limit';
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
    const senderBucket = `notify:sender:${senderId}`;
    const pairBuckets = recipientIds.map((id) => `notify:pair:${senderId}:${id}`);
    const inboxBuckets = recipientIds.map((id) => `notify:to:${id}`);
    // one sender's notifications are counted one transaction at a time
    await em
      .getConnection()
      .execute('select pg_advisory_xact_lock(hashtext(?))', [senderBucket], 'all', em.getTransactionContext());
    const overSender = (await countHits(em, senderBucket, windowMs)) + recipientIds.length > perSender;
    let overRecipient = false;
    for (const bucket of pairBuckets) overRecipient ||= (await countHits(em, bucket, windowMs)) >= perRecipient;
    let overInbox = false;
    for (const bucket of inboxBuckets) overInbox ||= (await countHits(em, bucket, windowMs)) >= toRecipient;
    if (overSender || overRecipient || overInbox) {
      throw new AppError(
        'RATE_LIMITED',
        overSender
          ? `You can send at most ${perSender} notifications an hour. Please try again later.`
          : overRecipient
            ? `You can send at most ${perRecipient} notifications an hour to the same person. Please try again later.`
            : 'This person has received too many notifications in the last hour. Please try again later.',
      );
    }
    for (const bucket of [...recipientIds.map(() => senderBucket), ...pairBuckets, ...inboxBuckets])
      await recordHit(em, bucket);
  }

  /** The caller's own notifications, newest first. */
  list(em: EntityManager, user: User): Promise<Notification[]> {
    return em.find(Notification, { recipient: user }, { orderBy: { createdAt: 'desc', id: 'asc' }, limit: LIST_LIMIT });
  }

  async delete(em: EntityManager, user: User, { id }: NotificationRef): Promise<void> {
    if (!(await em.nativeDelete(Notification, { id, recipient: user }))) throw notFound('Notification');
  }
}
