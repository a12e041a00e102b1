import type { EntityManager } from '@mikro-orm/postgresql';
import { Dataset } from '../datasets/dataset.entity';
import type { RoomsService } from '../rooms/rooms.service';
import { type User } from '../users/user.entity';
import type { AuditPageCommand } from './analyses.schemas';
import { AuditEvent, type AuditAction, type AuditOutcome } from './audit-event.entity';
import { pageWindow } from '../../shared/paging';

export type AuditEntry = {
  event: AuditEvent;
  /** the outcome's count as this viewer may see it (null: none, suppressed, or not theirs to see) */
  count: number | null;
  /** the count exists but covers too few rows of someone else's set for this viewer */
  hidden: boolean;
};

export type AuditPage = { entries: AuditEntry[]; total: number; page: number; pages: number };

type Named = { id: string; name: string };

/**
 * The room's audit log: every Compare, Join, aggregate, report, access request, decision and rule
 * change, visible to every member. What came out is recorded as the actor received it; another
 * member sees that number only when it covers at least k rows of every set that member did not
 * upload (the actor's own sets are protected from the other members by the same rule).
 */
export class AuditService {
  constructor(private readonly rooms: RoomsService) {}

  /** Adds an entry in the caller's unit of work (flushed with it; `flush` to write it now). */
  async record(
    em: EntityManager,
    entry: {
      roomId: string;
      actor: User;
      action: AuditAction;
      sets: readonly Named[];
      description: string;
      outcome?: AuditOutcome | null;
    },
    flush = true,
  ): Promise<AuditEvent> {
    const event = em.create(AuditEvent, {
      room: entry.roomId,
      actor: entry.actor,
      action: entry.action,
      datasetIds: entry.sets.map((s) => s.id),
      datasetNames: entry.sets.map((s) => s.name),
      description: entry.description,
      outcome: entry.outcome ?? null,
    });
    if (flush) await em.flush();
    return event;
  }

  /** A page of the room's log, newest first, with each outcome as the caller may see it. */
  async page(em: EntityManager, user: User, input: AuditPageCommand): Promise<AuditPage> {
    const { room } = await this.rooms.access(em, user, input.roomId);
    const [events, total] = await em.findAndCount(
      AuditEvent,
      { room },
      {
        populate: ['actor'],
        orderBy: { createdAt: 'desc', id: 'desc' },
        ...pageWindow(input),
      },
    );
    const ids = [...new Set(events.flatMap((e) => Object.keys(e.outcome?.coverage ?? {})))];
    const sets = new Map(
      (ids.length ? await em.find(Dataset, { id: { $in: ids } }) : []).map((d) => [d.id, d] as const),
    );
    const entries = events.map((event) => {
      const outcome = event.outcome ?? null;
      if (!outcome || outcome.count === null) return { event, count: null, hidden: false };
      const mayKnow =
        event.actor.id === user.id ||
        Object.entries(outcome.coverage).every(([id, rows]) => {
          const set = sets.get(id);
          // a deleted set's uploader and k are unknown: its numbers stay with the actor
          return set !== undefined && (set.uploadedBy.id === user.id || rows >= set.minGroupSize);
        });
      return mayKnow ? { event, count: outcome.count, hidden: false } : { event, count: null, hidden: true };
    });
    return { entries, total, page: input.page, pages: Math.max(1, Math.ceil(total / input.limit)) };
  }
}
