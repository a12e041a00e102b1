import type { EntityManager } from '@mikro-orm/postgresql';
import type { User } from '../users/user.entity';
import { contractPage, type ContractRecord } from './request-rows';
import type { ContractsCommand, OverviewCommand } from './requests.schemas';
import { pageWindow, toPage, type Page } from '../../shared/paging';

export type Overview = {
  open: number;
  draft: number;
  responseTotal: number;
  responseToday: number;
  /**
   * responses to published requests / the paid responses they can take, in percent (1 decimal); a
   * request counts at most its places, so one refilled after rejected answers shows 100, not more
   */
  avgCompRate: number;
};

export type ContractPage = Page<ContractRecord>;

/** Midnight of the caller's local day, in UTC; tzOffset as JavaScript's getTimezoneOffset(). */
export function startOfLocalDay(now: Date, tzOffsetMinutes: number): Date {
  const shift = tzOffsetMinutes * 60_000;
  const local = new Date(now.getTime() - shift);
  local.setUTCHours(0, 0, 0, 0);
  return new Date(local.getTime() + shift);
}

/**
 * The dashboard's numbers. The overview is one SQL statement whatever the number of requests and
 * responses: counts come from the requests' own counters, "today" from an index range over the
 * owner's submissions.
 */
export class DashboardService {
  async overview(em: EntityManager, user: User, { tzOffset }: OverviewCommand): Promise<Overview> {
    const since = startOfLocalDay(new Date(), tzOffset ?? 0);
    const [row] = await em.execute<
      { open: number; draft: number; total: number; answered: number; capacity: string; today: number }[]
    >(
      `select count(*) filter (where status = 1 and closed_at is null)::int as open,
              count(*) filter (where status = 0)::int as draft,
              coalesce(sum(response_count), 0)::int as total,
              coalesce(sum(least(response_count, bonus_amount / bonus_each)) filter (where status = 1), 0)::int
                as answered,
              coalesce(sum(bonus_amount / bonus_each) filter (where status = 1), 0)::bigint as capacity,
              (select count(*) from submissions where owner_id = ? and created_at >= ?)::int as today
         from requests where user_id = ?`,
      [user.id, since.toISOString(), user.id],
    );
    const capacity = Number(row?.capacity ?? 0);
    const answered = Number(row?.answered ?? 0);
    return {
      open: Number(row?.open ?? 0),
      draft: Number(row?.draft ?? 0),
      responseTotal: Number(row?.total ?? 0),
      responseToday: Number(row?.today ?? 0),
      avgCompRate: capacity > 0 ? Math.round((answered / capacity) * 1000) / 10 : 0,
    };
  }

  /** Published requests with their escrow (Recent Contracts), newest first. */
  async contracts(em: EntityManager, user: User, query: ContractsCommand): Promise<ContractPage> {
    const { rows, count } = await contractPage(em, user.id, pageWindow(query));
    return toPage(rows, count, query);
  }
}
