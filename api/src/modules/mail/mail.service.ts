import { LockMode } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { OutboxMail } from './outbox-mail.entity';

export type MailMessage = { to: string; subject: string; text: string; kind: string };

const MAX_ATTEMPTS = 8;

/**
 * Outgoing mail. `enqueue` writes the message in the caller's transaction, so a mail exists exactly
 * when the change that caused it committed. With SMTP configured the dispatcher delivers pending
 * mail with retries; without it the message is stored as the dev outbox (readable at /dev/outbox).
 */
export class MailService {
  private transport: Transporter | null;
  // told of each message kept in the dev outbox (npm start prints its links for a person)
  private storedListeners: ((msg: MailMessage) => void)[] = [];

  constructor(
    private readonly opts: { smtpUrl?: string; from: string },
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  }

  /** Development without SMTP: `listener` sees each message as it is kept in the dev outbox. */
  onStored(listener: (msg: MailMessage) => void): void {
    this.storedListeners.push(listener);
  }

  get sendsForReal(): boolean {
    return this.transport !== null;
  }

  enqueue(em: EntityManager, msg: MailMessage): OutboxMail {
    const mail = em.create(OutboxMail, {
      toAddress: msg.to,
      subject: msg.subject,
      text: msg.text,
      kind: msg.kind,
      status: this.transport ? 'pending' : 'stored',
    });
    // never log the body: it carries one-time links
    this.log.info({ mailId: mail.id, kind: msg.kind, status: mail.status }, 'mail queued');
    if (!this.transport) for (const listener of this.storedListeners) listener(msg);
    return mail;
  }

  /** Delivers due pending mail; safe to run in several processes at once (SKIP LOCKED). */
  async deliverPending(orm: MikroORM, batch = 20): Promise<number> {
    const transport = this.transport;
    if (!transport) return 0;
    const em = orm.em.fork();
    let delivered = 0;
    await em.transactional(async (tx) => {
      const due = await tx.find(
        OutboxMail,
        { status: 'pending', nextAttemptAt: { $lte: new Date() } },
        {
          limit: batch,
          orderBy: { createdAt: 'asc' },
          lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE /* FOR UPDATE SKIP LOCKED */,
        },
      );
      for (const mail of due) {
        mail.attempts += 1;
        try {
          await transport.sendMail({
            from: this.opts.from,
            to: mail.toAddress,
            subject: mail.subject,
            text: mail.text,
          });
          mail.status = 'sent';
          mail.sentAt = new Date();
          mail.lastError = null;
          delivered += 1;
        } catch (err) {
          mail.lastError = (err as Error).message.slice(0, 500);
          mail.status = mail.attempts >= MAX_ATTEMPTS ? 'failed' : 'pending';
          // exponential back-off: 30 s, 1 min, 2 min, ...
          mail.nextAttemptAt = new Date(Date.now() + 30_000 * 2 ** (mail.attempts - 1));
          this.log.warn({ mailId: mail.id, attempts: mail.attempts }, 'mail delivery failed');
        }
      }
    });
    return delivered;
  }
}
