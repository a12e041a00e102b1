// The uploader's rules for a data set: partner access, k and the shared columns, column roles,
// differential privacy. Each change applies to later queries and goes to the room's audit log.
import type { EntityManager } from '@mikro-orm/postgresql';
import { badInput } from '../../shared/errors';
import { MICROS, type Dataset } from '../datasets/dataset.entity';
import { checkPartnerRole, partnerRoleOf } from '../datasets/partner-roles';
import type { User } from '../users/user.entity';
import type { ColumnRoleCommand, PrivacyCommand, RuleCommand } from './analyses.schemas';
import type { AuditService } from './audit.service';
import { listWords } from './condition-words';

export type RulesDeps = {
  audit: AuditService;
  /** the uploader's set, locked for a change and read afresh under the lock */
  lockedOwnSet(tx: EntityManager, user: User, roomId: string, datasetId: string, what: string): Promise<Dataset>;
};

/** The uploader changes partner access, k or the shared columns; later queries follow the new rule. */
export async function updateRule(deps: RulesDeps, em: EntityManager, user: User, input: RuleCommand): Promise<Dataset> {
  return em.transactional(async (tx) => {
    const set = await deps.lockedOwnSet(tx, user, input.roomId, input.datasetId, 'change its analysis rule');
    const changes: string[] = [];
    if (input.partnerAccess !== undefined && input.partnerAccess !== set.partnerAccess) {
      changes.push(`partner access ${set.partnerAccess} → ${input.partnerAccess}`);
      set.partnerAccess = input.partnerAccess;
    }
    if (input.minGroupSize !== undefined && input.minGroupSize !== set.minGroupSize) {
      changes.push(`minimum group size ${set.minGroupSize} → ${input.minGroupSize}`);
      set.minGroupSize = input.minGroupSize;
    }
    if (input.sharedColumns !== undefined) {
      const wanted = new Set(input.sharedColumns.map((c) => c.toLowerCase()));
      for (const name of wanted)
        if (!set.columns.some((c) => c.name.toLowerCase() === name))
          throw badInput(`sharedColumns: "${set.name}" has no column "${name}"`);
      const before = set.columns.filter((c) => c.shared).map((c) => c.name);
      // a column shared here takes the role shared; one no longer shared falls back to the least
      const columns = set.columns.map((c) => {
        const shared = wanted.has(c.name.toLowerCase());
        if (shared) return { ...c, shared, partnerRole: 'shared' as const, lower: null, upper: null };
        if (partnerRoleOf(c) !== 'shared') return { ...c, shared };
        return { ...c, shared, partnerRole: c.role === 'join' ? ('joinOnly' as const) : ('private' as const) };
      });
      const after = columns.filter((c) => c.shared).map((c) => c.name);
      if (before.join() !== after.join()) {
        changes.push(`shared columns ${listWords(before)} → ${listWords(after)}`);
        set.columns = columns;
      }
    }
    if (!changes.length) return set;
    await deps.audit.record(
      tx,
      {
        roomId: input.roomId,
        actor: user,
        action: 'rule-changed',
        sets: [set],
        description: `Rule of ${set.name}: ${changes.join('; ')}`,
      },
      false,
    );
    await tx.flush();
    return set;
  });
}

/**
 * The uploader changes what partners may do with one column (its partner role, and a metric's
 * bounds); later analyses follow it. Logged as role-changed.
 */
export async function setColumnRole(
  deps: RulesDeps,
  em: EntityManager,
  user: User,
  input: ColumnRoleCommand,
): Promise<Dataset> {
  return em.transactional(async (tx) => {
    const set = await deps.lockedOwnSet(tx, user, input.roomId, input.datasetId, 'change its column roles');
    const index = set.columns.findIndex((c) => c.name.toLowerCase() === input.column.toLowerCase());
    if (index < 0) throw badInput(`column: "${set.name}" has no column "${input.column}"`);
    const column = set.columns[index];
    const bounds = checkPartnerRole(column.role, input.partnerRole, input.lower, input.upper, 'partnerRole');
    const before = partnerRoleOf(column);
    const same =
      before === input.partnerRole &&
      (column.lower ?? null) === bounds.lower &&
      (column.upper ?? null) === bounds.upper;
    if (same) return set;
    const shared = input.partnerRole === 'shared';
    const columns = [...set.columns];
    columns[index] = { ...column, partnerRole: input.partnerRole, ...bounds, shared };
    set.columns = columns;
    const words = (role: string, lower: number | null, upper: number | null) =>
      role === 'metric' ? `metric (${lower} to ${upper})` : role;
    await deps.audit.record(
      tx,
      {
        roomId: input.roomId,
        actor: user,
        action: 'role-changed',
        sets: [set],
        description: `Column ${column.name} of ${set.name}: ${words(before, column.lower ?? null, column.upper ?? null)} → ${words(input.partnerRole, bounds.lower, bounds.upper)}`,
      },
      false,
    );
    await tx.flush();
    return set;
  });
}

/**
 * The uploader turns differential privacy on or off, or changes the budget per partner or the
 * cost of one answer; spending so far stays. Logged as privacy-changed.
 */
export async function updatePrivacy(
  deps: RulesDeps,
  em: EntityManager,
  user: User,
  input: PrivacyCommand,
): Promise<Dataset> {
  return em.transactional(async (tx) => {
    const set = await deps.lockedOwnSet(tx, user, input.roomId, input.datasetId, 'change its differential privacy');
    const changes: string[] = [];
    if (input.enabled !== undefined && input.enabled !== set.differentialPrivacy) {
      changes.push(`differential privacy ${input.enabled ? 'on' : 'off'}`);
      set.differentialPrivacy = input.enabled;
    }
    const budget = input.budget === undefined ? set.budgetMicros : Math.round(input.budget * MICROS);
    const cost = input.queryCost === undefined ? set.queryCostMicros : Math.round(input.queryCost * MICROS);
    if (cost > budget) throw badInput('queryCost: one answer cannot cost more than the whole privacy budget');
    if (budget !== set.budgetMicros) {
      changes.push(`budget ${set.budgetMicros / MICROS} → ${budget / MICROS} epsilon per partner`);
      set.budgetMicros = budget;
    }
    if (cost !== set.queryCostMicros) {
      changes.push(`query cost ${set.queryCostMicros / MICROS} → ${cost / MICROS} epsilon`);
      set.queryCostMicros = cost;
    }
    if (!changes.length) return set;
    await deps.audit.record(
      tx,
      {
        roomId: input.roomId,
        actor: user,
        action: 'privacy-changed',
        sets: [set],
        description: `Privacy of ${set.name}: ${changes.join('; ')}`,
      },
      false,
    );
    await tx.flush();
    return set;
  });
}
