import type { EntityManager } from '@mikro-orm/postgresql';
import { AccessEvent, type AccessActor, type AccessKind } from './access-event.entity';
import type { StatementWrite } from '../../shared/statement-writes';

export type AccessEntry = {
  kind: AccessKind;
  actor: AccessActor;
  detail?: string | null;
};

/** What other modules are handed to write the log (a port: they need nothing else of it). */
export type AccessLog = Pick<
  AccessLogService,
  'forSubmissions' | 'submissionLine' | 'forWallets' | 'forDeletedRequest' | 'forParticipant'
>;

/** A line as the log's reader sees it, with its request's title (see read). */
export type AccessLine = AccessEvent & { requestTitle: string | null };

/**
 * The participants' access log: every event touching a submission, written in the transaction of
 * the change that caused it (a listing, an export, a review, a delivery, a deletion), so a line
 * exists exactly when its event happened.
 */
export class AccessLogService {
  /**
   * One line per submission named, in one statement however many (a page of 1,000 responses is
   * one insert). The participant and request are read from the submission rows themselves, so a
   * caller names only what it touched; ids of submissions already gone are skipped.
   */
  async forSubmissions(em: EntityManager, submissionIds: readonly string[], entry: AccessEntry): Promise<void> {
    if (!submissionIds.length) return;
    await em.execute(
      `insert into access_events (id, participant_id, request_id, submission_id, kind, actor, detail, at)
       select gen_random_uuid(), s.participant_id, s.request_id, s.id, ?, ?, ?, ?
         from submissions s where s.id = any(?::uuid[])`,
      // the process's clock, as forParticipant's lines: one clock orders the log
      [entry.kind, entry.actor, entry.detail ?? null, new Date(), `{${submissionIds.join(',')}}`],
    );
  }

  /**
   * The line of one submission whose rows the caller knows, as a write for the caller's own
   * statement (the accepted answer's insert: its submission row is not visible to it yet).
   */
  submissionLine(s: { id: string; participantId: string; requestId: string }, entry: AccessEntry): StatementWrite {
    return {
      sql: `insert into access_events (id, participant_id, request_id, submission_id, kind, actor, detail, at)
            values (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?)`,
      params: [s.participantId, s.requestId, s.id, entry.kind, entry.actor, entry.detail ?? null, new Date()],
    };
  }

  /**
   * One line per answer named by its request and wallet (what a payout knows of its answer), in one
   * statement; pairs with no live answer are skipped.
   */
  async forWallets(
    em: EntityManager,
    answers: readonly { requestId: string; walletAddress: string }[],
    entry: AccessEntry,
  ): Promise<void> {
    if (!answers.length) return;
    await em.execute(
      `insert into access_events (id, participant_id, request_id, submission_id, kind, actor, detail, at)
       select gen_random_uuid(), s.participant_id, s.request_id, s.id, ?, ?, ?, ?
         from submissions s
         join unnest(?::uuid[], ?::text[]) as a(request_id, wallet_address)
           on s.request_id = a.request_id and s.wallet_address = a.wallet_address`,
      [
        entry.kind,
        entry.actor,
        entry.detail ?? null,
        new Date(),
        `{${answers.map((a) => a.requestId).join(',')}}`,
        `{${answers.map((a) => a.walletAddress).join(',')}}`,
      ],
    );
  }

  /**
   * The requester's deletion of a request: one line per submission of it (the deletion takes them
   * all), each keeping the request's title, whose row is about to go (read() names the request's
   * earlier lines with it).
   */
  async forDeletedRequest(em: EntityManager, request: { id: string; title: string }): Promise<void> {
    await em.execute(
      `insert into access_events (id, participant_id, request_id, submission_id, kind, actor, detail, request_title, at)
       select gen_random_uuid(), s.participant_id, s.request_id, s.id, 'deleted', 'requester', 'request', ?, ?
         from submissions s where s.request_id = ?`,
      [request.title, new Date(), request.id],
    );
  }

  /** A line about a participant that names no live submission (a deletion, a data request). */
  async forParticipant(
    em: EntityManager,
    participantId: string,
    entry: AccessEntry & { requestId?: string | null; submissionId?: string | null },
  ): Promise<void> {
    em.create(AccessEvent, {
      participantId,
      requestId: entry.requestId ?? null,
      submissionId: entry.submissionId ?? null,
      kind: entry.kind,
      actor: entry.actor,
      detail: entry.detail ?? null,
    });
    await em.flush();
  }

  /**
   * A participant's log, newest first, each line with its request's title: the request's own while
   * it exists, then the one kept when its requester deleted it (none for other endings).
   */
  async read(em: EntityManager, participantId: string, limit = 500): Promise<AccessLine[]> {
    const rows = await em.execute<
      {
        id: string;
        request_id: string | null;
        submission_id: string | null;
        kind: AccessKind;
        actor: AccessActor;
        detail: string | null;
        at: Date;
        title: string | null;
      }[]
    >(
      // a deleted request's title from its deletion's line (this participant's lines only: the
      // participant index, not a scan of the whole log)
      `with gone as (
         select distinct on (request_id) request_id, request_title from access_events
          where participant_id = ? and kind = 'deleted' and request_title is not null)
       select e.id, e.request_id, e.submission_id, e.kind, e.actor, e.detail, e.at,
              coalesce(r.title, g.request_title) as title
         from access_events e
         left join requests r on r.id = e.request_id
         left join gone g on g.request_id = e.request_id
        where e.participant_id = ?
        order by e.at desc, e.id
        limit ?`,
      [participantId, participantId, limit],
    );
    return rows.map((r) =>
      Object.assign(new AccessEvent(), {
        id: r.id,
        participantId,
        requestId: r.request_id,
        submissionId: r.submission_id,
        kind: r.kind,
        actor: r.actor,
        detail: r.detail,
        at: new Date(r.at),
        requestTitle: r.title,
      }),
    );
  }
}
