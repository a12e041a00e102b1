import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../../db/sql';
import { AppError, badInput } from '../../shared/errors';
import { clearColumn, datasetTables, numberColumn, tokenColumn } from '../datasets/dataset-tables';
import type { Dataset, DatasetColumn } from '../datasets/dataset.entity';
import type { DatasetsService } from '../datasets/datasets.service';
import { EXACT, type PrivacyService } from '../privacy/privacy.service';
import type { User } from '../users/user.entity';
import type { AggregateCommand, AggregateFunction, ColumnRef } from './analyses.schemas';
import type { AnalysesService } from './analyses.service';
import {
  aggregateWords,
  checkCondition,
  controlled,
  coverage,
  involvesPartner,
  MAX_GROUPS,
  metricBounds,
  names,
  privateSide,
  sqlNumber,
  type AggregateGroup,
  type AggregateResult,
} from './analysis-parts';
import { checkColumnUse, coversEnough, isPartnerSet, ruleError, visibleGroups } from './analysis-rules';
import type { AuditService } from './audit.service';
import { conditionWords, reportWords } from './condition-words';
import { compileFilter, compilePairs, parseFilter, type ConditionNode } from './join-condition';
import { noisyAggregate, rowsJoinOnce } from './noisy-aggregate';

export type AggregateDeps = {
  datasets: DatasetsService;
  privacy: PrivacyService;
  audit: AuditService;
  pair: AnalysesService['pair'];
  checkBranches: AnalysesService['checkBranches'];
  /** per data set and join column: no token occurs twice (rowsJoinOnce) */
  uniqueTokens: Map<string, boolean>;
};

/** A column an aggregate names, resolved: its set (1 or 2), its metadata and its alias in the SQL. */
type Ref = { set: Dataset; index: number; column: DatasetColumn; alias: 'a' | 'b' };
type Bounds = { lower: number; upper: number };
type Measure = { fn: AggregateFunction; ref: Ref | null; bounds: Bounds | null };
type Sql = { sql: string; params: unknown[] };
type Where = { roomId: string; user: User; sets: Dataset[]; description: string };

/** The one set, or the pair and its join condition, an aggregate runs over, checked against the rules. */
async function aggregateSets(deps: AggregateDeps, em: EntityManager, user: User, input: AggregateCommand) {
  const ids = input.datasetIds;
  if (new Set(ids).size !== ids.length) throw badInput('datasetIds: a join needs two different data sets');
  if (ids.length === 2) {
    if (input.condition === undefined || input.condition === null)
      throw badInput('condition: an aggregate over two data sets needs their join condition');
    const pair = await deps.pair(em, user, input.roomId, ids[0], ids[1], input.condition);
    return { sets: [pair.setA, pair.setB], tree: pair.tree as ConditionNode | null };
  }
  const sets = [await deps.datasets.get(em, user, input.roomId, ids[0])];
  const tree =
    input.condition === undefined || input.condition === null ? null : parseFilter(input.condition, sets[0].columns);
  if (tree) checkCondition(user.id, sets, tree);
  return { sets, tree };
}

const columnOf =
  (sets: Dataset[]) =>
  (ref: ColumnRef, path: string): Ref => {
    const set = sets[ref.set - 1];
    if (!set) throw badInput(`${path}.set: ${ref.set} is not one of the data sets`);
    const c = set.columns.find((x) => x.name.toLowerCase() === ref.column.toLowerCase());
    if (!c) throw new AppError('UNKNOWN_COLUMN', `${path}.column: data set ${ref.set} has no column "${ref.column}"`);
    return { set, index: ref.set, column: c, alias: ref.set === 1 ? 'a' : 'b' };
  };

function aggregateGroups(userId: string, sets: Dataset[], input: AggregateCommand): Ref[] {
  const column = columnOf(sets);
  return input.groupBy.map((g, i) => {
    const ref = column(g, `groupBy.${i}`);
    if (ref.column.role !== 'clear')
      throw badInput(`groupBy.${i}: "${ref.column.name}" is ${ref.column.role}: group by clear columns only`);
    checkColumnUse(userId, ref.set, ref.column, 'group');
    return ref;
  });
}

/** The measures, each checked against its column's role and rules; under differential privacy, only bounded sums and averages. */
function aggregateMeasures(userId: string, sets: Dataset[], dp: number | null, input: AggregateCommand): Measure[] {
  const column = columnOf(sets);
  return input.measures.map((m, i) => {
    if (m.fn === 'count') {
      if (m.column) throw badInput(`measures.${i}: count counts rows; it takes no column`);
      return { fn: m.fn, ref: null, bounds: null };
    }
    if (!m.column) throw badInput(`measures.${i}: ${m.fn} needs a column`);
    const ref = column(m.column, `measures.${i}`);
    if (m.fn === 'countDistinct') {
      if (ref.column.role !== 'join')
        throw badInput(`measures.${i}: countDistinct counts the distinct values of a join key`);
      checkColumnUse(userId, ref.set, ref.column, 'countDistinct');
      return { fn: m.fn, ref, bounds: null };
    }
    if (ref.column.role !== 'clear')
      throw badInput(`measures.${i}: ${m.fn} needs a clear column ("${ref.column.name}" is ${ref.column.role})`);
    checkColumnUse(userId, ref.set, ref.column, 'aggregate');
    const bounds = metricBounds(ref.column);
    if (dp !== null) {
      if (m.fn === 'min' || m.fn === 'max')
        throw ruleError(
          `${m.fn} of ${ref.column.name}: "${sets[dp].name}" answers with differential privacy, which gives no minimum or maximum (one row decides them); use avg or sum`,
          { set: ref.set, column: ref.column },
        );
      if (!bounds)
        throw ruleError(
          `${m.fn} of ${ref.column.name}: under the differential privacy of "${sets[dp].name}" a sum or average needs declared bounds; make ${ref.column.name} a metric of ${ref.set.name} with lower and upper bounds`,
          { set: ref.set, column: ref.column },
        );
    }
    // a partner's metric is clamped to its bounds; under differential privacy every input is
    const clamp = bounds && (dp !== null || (isPartnerSet(ref.set, userId) && ref.set.partnerAccess !== 'full'));
    return { fn: m.fn, ref, bounds: clamp ? bounds : null };
  });
}

/** Per matching row (pair): the group keys g1.. and measure inputs x1.. */
const rowExpressions = (groups: Ref[], measures: Measure[], dp: number | null) => () => [
  ...groups.map((g, i) => `${g.alias}.${clearColumn(g.column.clearIndex)} as g${i + 1}`),
  // sums, averages, minima and maxima of the cells' numbers (cells that are none do not count)
  ...measures.flatMap((m, i) => {
    if (!m.ref) return [];
    if (m.fn === 'countDistinct') return [`${m.ref.alias}.${tokenColumn(m.ref.column.tokenIndex)} as x${i + 1}`];
    const cell = `${m.ref.alias}.${numberColumn(m.ref.column.clearIndex)}`;
    // bounds come from the set's metadata (numbers checked on upload), never from the request
    // (under differential privacy in float8: exact enough beneath the noise, and faster than numeric)
    const value = !m.bounds
      ? cell
      : dp !== null
        ? `least(greatest(${cell}::float8, ${sqlNumber(m.bounds.lower, 'float8')}), ${sqlNumber(m.bounds.upper, 'float8')})`
        : `least(greatest(${cell}, ${sqlNumber(m.bounds.lower)}), ${sqlNumber(m.bounds.upper)})`;
    return [`${value} as x${i + 1}`];
  }),
];

/** What the answer says it is: its columns, its description in words, and the partner sets' k. */
function resultShape(userId: string, sets: Dataset[], tree: ConditionNode | null, groups: Ref[], measures: Measure[]) {
  const description = aggregateWords(
    measures.map((m) => ({ fn: m.fn, column: m.ref?.column.name ?? null, set: m.ref?.set.name ?? null })),
    groups.map((g) => `${g.column.name} of ${g.set.name}`),
    sets.length === 2
      ? reportWords(names(sets), tree)
      : `${sets[0].name}${tree ? ` where ${conditionWords(tree, names(sets))}` : ''}`,
  );
  const columns = [
    ...groups.map((g) => ({
      kind: 'group' as const,
      name: g.column.name,
      fn: null,
      set: g.index,
      datasetId: g.set.id,
      column: g.column.name,
    })),
    ...measures.map((m) => ({
      kind: 'measure' as const,
      name: m.ref ? `${m.fn}(${m.ref.column.name})` : 'count',
      fn: m.fn,
      set: m.ref?.index ?? null,
      datasetId: m.ref?.set.id ?? null,
      column: m.ref?.column.name ?? null,
    })),
  ];
  const thresholds = sets
    .filter((s) => isPartnerSet(s, userId))
    .map((s) => ({ datasetId: s.id, name: s.name, minGroupSize: s.minGroupSize }));
  return { description, columns, thresholds };
}

/**
 * COUNT, COUNT DISTINCT of a join key, SUM, AVG, MIN and MAX over clear columns, grouped by up to
 * 3 clear columns, over one set or a join of two. Groups covering fewer than k rows of a partner's
 * set are left out (see visibleGroups); without grouping, the one total is suppressed instead.
 * A partner's metric is clamped to its bounds. Over a differentially private partner set each of
 * its rows counts once, in one group, and every value carries noise (k on the noisy counts).
 */
export async function aggregate(
  deps: AggregateDeps,
  em: EntityManager,
  user: User,
  input: AggregateCommand,
): Promise<AggregateResult> {
  const { sets, tree } = await aggregateSets(deps, em, user, input);
  const dp = privateSide(user.id, sets);
  const groups = aggregateGroups(user.id, sets, input);
  const measures = aggregateMeasures(user.id, sets, dp, input);
  await deps.checkBranches(em, user, sets, tree);
  const charges = await deps.privacy.charge(em, user, dp === null ? [] : [sets[dp]]);

  const expressions = rowExpressions(groups, measures, dp);
  const inner =
    sets.length === 2
      ? compilePairs(tree!, datasetTables(sets[0].id), datasetTables(sets[1].id), expressions)
      : compileFilter(tree, datasetTables(sets[0].id), expressions);
  const keys = groups.map((_, i) => `g${i + 1}`);
  const { description, columns, thresholds } = resultShape(user.id, sets, tree, groups, measures);
  const where: Where = { roomId: input.roomId, user, sets, description };

  if (dp !== null) {
    const once = sets.length === 1 || (await rowsJoinOnce(em, deps.uniqueTokens, sets, dp, tree!));
    // a refused aggregate (too many groups) leaves the budget as it was
    const result = await noisyAggregate(deps.privacy, em, sets, dp, inner, keys, measures, once).catch(async (err) => {
      await deps.privacy.refund(em, user, charges);
      throw err;
    });
    await deps.audit.record(em.fork(), {
      roomId: input.roomId,
      actor: user,
      action: 'aggregate',
      sets,
      description: `${description} (noisy)`,
      outcome: {
        count: keys.length ? result.groups.length : result.groups[0].suppressed ? null : 1,
        unit: 'groups',
        coverage: coverage(sets, result.covered),
      },
    });
    return { columns, groups: result.groups, thresholds, description, ...deps.privacy.summary(charges) };
  }
  const groupsShown = await exactAggregate(deps, em, where, inner, keys, measures);
  return { columns, groups: groupsShown, thresholds, description, ...EXACT };
}

/**
 * The groups of an exact aggregate with the distinct rows of each set they cover and, for the
 * sets the query controls apply to, those rows themselves; the total over all groups comes last
 * (grouping sets), which the rules need.
 */
async function exactRows(
  em: EntityManager,
  userId: string,
  sets: Dataset[],
  inner: Sql,
  keys: string[],
  measures: Measure[],
) {
  const aggregates = measures.map((m, i) => {
    const x = `x${i + 1}`;
    switch (m.fn) {
      case 'count':
        return 'count(*)::float8';
      case 'countDistinct':
        return `count(distinct ${x})::float8`;
      default:
        return `${m.fn}(${x})::float8`;
    }
  });
  const counted = involvesPartner(userId, sets);
  const distinct = sets.map((_, i) => (counted ? `count(distinct ${i === 0 ? 'ra' : 'rb'})::int` : '0'));
  const footprintOf = sets.map((s, i) =>
    controlled(userId, s) ? `array_agg(${i === 0 ? 'ra' : 'rb'})` : 'null::int[]',
  );
  const rows = await query<Record<string, unknown>>(
    em,
    `select ${[
      ...keys,
      ...aggregates.map((a, i) => `${a} as v${i + 1}`),
      ...distinct.map((d, i) => `${d} as d${i + 1}`),
      ...footprintOf.map((f, i) => `${f} as f${i + 1}`),
      keys.length ? `grouping(${keys.join(', ')}) <> 0 as total` : 'true as total',
    ].join(', ')}
     from (${inner.sql}) q
     ${keys.length ? `group by grouping sets ((${keys.join(', ')}), ()) order by total, ${keys.map((k) => `${k} nulls last`).join(', ')}` : ''}
     limit ${MAX_GROUPS + 2}`,
    inner.params,
  );
  if (rows.length > MAX_GROUPS + 1)
    throw badInput(`The aggregate would have more than ${MAX_GROUPS} groups: group by fewer or coarser columns`);
  return rows.map((r) => ({
    rows: sets.map((_, i) => Number(r[`d${i + 1}`])),
    footprints: sets.map((_, i) => (r[`f${i + 1}`] as number[] | null) ?? []),
    value: {
      keys: keys.map((k) => (r[k] === null || r[k] === undefined ? null : String(r[k]))),
      values: measures.map((_, i) => (r[`v${i + 1}`] === null ? null : Number(r[`v${i + 1}`]))),
      suppressed: false,
      intervals: measures.map(() => null),
    },
    total: Boolean(r.total),
  }));
}

/** An exact aggregate: the groups the rules let the caller see, diff-checked and written to the audit log. */
async function exactAggregate(
  { privacy, audit }: AggregateDeps,
  em: EntityManager,
  { roomId, user, sets, description }: Where,
  inner: Sql,
  keys: string[],
  measures: Measure[],
): Promise<AggregateGroup[]> {
  const measured = await exactRows(em, user.id, sets, inner, keys, measures);
  const total = measured.find((g) => g.total)!;
  const all = measured.filter((g) => !g.total);
  let shown: typeof measured;
  let result: AggregateGroup[];
  if (keys.length) {
    shown = visibleGroups(user.id, sets, all, total.rows);
    result = shown.map((g) => g.value);
  } else {
    // no grouping: exactly one row, whether or not any row matched
    shown = coversEnough(user.id, sets, total.rows) ? [total] : [];
    result = shown.length
      ? [total.value]
      : [{ keys: [], values: measures.map(() => null), suppressed: true, intervals: measures.map(() => null) }];
  }
  for (const [i, set] of sets.entries())
    if (controlled(user.id, set) && shown.length)
      await privacy.diffCheck(
        em,
        user,
        set,
        shown.map((g) => g.footprints[i]),
      );

  const covered = sets.map((_, i) => (shown.length ? Math.min(...shown.map((g) => g.rows[i])) : 0));
  await audit.record(em.fork(), {
    roomId,
    actor: user,
    action: 'aggregate',
    sets,
    description,
    outcome: {
      count: keys.length ? shown.length : shown.length ? 1 : null,
      unit: 'groups',
      coverage: coverage(sets, covered),
    },
  });
  return result;
}
