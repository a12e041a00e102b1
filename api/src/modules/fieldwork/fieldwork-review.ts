import type { EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../shared/errors';
import type { RejectionRules } from '../responses/reviews.service';
import { DEFAULT_REJECTION_SHARE } from './fieldwork.entity';
import { rejectionProblem } from './fieldwork.rules';

/**
 * The review rules of fieldwork on every rejection (ReviewsService's RejectionRules port): a
 * rejection on attention grounds needs two failed checks on each answer, and past the request's
 * rejection share each rejection must carry its own reason. A rejected answer leaves its quotas,
 * so a full quota it was in opens again, and so does a request that quota had closed. Both run
 * under the request row's lock, which the submission path takes to fill quotas.
 */
export class FieldworkReviewRules implements RejectionRules {
  async check(
    tx: EntityManager,
    requestId: string,
    submissionIds: string[],
    how: { grounds: 'attention' | 'other'; reasonEach: boolean },
  ): Promise<void> {
    const [row] = await tx.execute<{ total: number; rejected: number; failed: number[]; share: number | null }[]>(
      `select (select count(*)::int from submissions where request_id = ?) as total,
         (select count(*)::int from payouts where request_id = ? and status = 'rejected') as rejected,
         (select coalesce(json_agg(coalesce(f.attention_failed, 0) order by s.created_at, s.id), '[]')
            from submissions s left join fieldwork_flags f on f.submission_id = s.id
           where s.id = any(?::uuid[])) as failed,
         (select rejection_share from fieldwork_settings where request_id = ?) as share`,
      [requestId, requestId, `{${submissionIds.join(',')}}`, requestId],
    );
    const problem = rejectionProblem({
      grounds: how.grounds,
      failedChecks: row.failed,
      rejectedBefore: Number(row.rejected),
      rejecting: submissionIds.length,
      total: Number(row.total),
      share: row.share ?? DEFAULT_REJECTION_SHARE,
      reasonGiven: how.reasonEach,
    });
    if (problem) throw new AppError('REJECTION_NOT_ALLOWED', problem);
  }

  async rejected(tx: EntityManager, requestId: string, submissionIds: string[]): Promise<void> {
    const gone = await tx.execute<{ quota_id: string }[]>(
      `delete from fieldwork_quota_members m using fieldwork_quotas q
        where m.quota_id = q.id and q.request_id = ? and m.submission_id = any(?::uuid[])
        returning m.quota_id`,
      [requestId, `{${submissionIds.join(',')}}`],
    );
    if (!gone.length) return;
    // each statement sees the one before: the counts are those after the rejection
    await tx.execute(
      `update fieldwork_quotas q set filled_at = null
        where q.id = any(?::uuid[]) and q.filled_at is not null
          and (select count(*) from fieldwork_quota_members m where m.quota_id = q.id) < q.size`,
      [`{${[...new Set(gone.map((g) => g.quota_id))].join(',')}}`],
    );
    await tx.execute(
      `update requests r set closed_at = null
        where r.id = ? and r.closed_at is not null and not exists (select 1 from fieldwork_quotas q
          where q.request_id = r.id and q.action = 'close_request' and q.filled_at is not null)`,
      [requestId],
    );
  }
}
