import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../../db/sql';
import { AppError, badInput } from '../../shared/errors';
import { clearColumn, datasetTables, numberColumn, tokenColumn } from '../datasets/dataset-tables';
import type { Dataset, DatasetColumn } from '../datasets/dataset.entity';
import type { DatasetsService } from '../datasets/datasets.service';
import type { RoomsService } from '../rooms/rooms.service';
import type { User } from '../users/user.entity';
import type { AggregateCommand, AggregateFunction, ColumnRef, CompareCommand, JoinCommand } from './analyses.schemas';
import {
  checkColumnUse,
  checkTokenLiteral,
  coversEnough,
  isPartnerSet,
  joinable,
  reportColumns,
  ruleError,
  suppressOverlap,
  visibleGroups,
  type OverlapCounts,
  type RuledSet,
} from './analysis-rules';
import type { AuditService } from './audit.service';
import { EXACT, noisyFor, type NoiseSummary, type PrivacyService } from '../privacy/privacy.service';
import type { Noised } from '../privacy/noise';
import { partnerRoleOf } from '../datasets/partner-roles';
import { conditionWords, listWords, reportWords, type SetNames } from './condition-words';
import {
  compileFilter,
  compilePairs,
  conjunction,
  dnf,
  leaves,
  parseCondition,
  parseFilter,
  type ConditionNode,
  type ConditionSource,
} from './join-condition';

export type Interval = { low: number; high: number };

export type Overlap = {
  domain: string;
  datasetIds: string[];
  onlyA: number | null;
  both: number | null;
  onlyB: number | null;
  suppressed: boolean;
  onlyAInterval: Interval | null;
  bothInterval: Interval | null;
  onlyBInterval: Interval | null;
} & NoiseSummary;

export type ResultColumn = {
  set: number;
  datasetId: string;
  name: string;
  role: DatasetColumn['role'];
  keyVersion: number;
  sealing: DatasetColumn['sealing'];
};

export type JoinPreview = {
  matchCount: number | null;
  suppressed: boolean;
  columns: ResultColumn[];
  matchCountInterval: Interval | null;
} & NoiseSummary;

export type AggregateColumn = {
  kind: 'group' | 'measure';
  name: string;
  fn: AggregateFunction | null;
  set: number | null;
  datasetId: string | null;
  column: string | null;
};
export type AggregateGroup = {
  keys: (string | null)[];
  values: (number | null)[];
  suppressed: boolean;
  /** one per measure: its 95% interval when noisy, null when exact or suppressed */
  intervals: (Interval | null)[];
};
export type AggregateResult = {
  columns: AggregateColumn[];
  groups: AggregateGroup[];
  /** the partner sets whose k applied: groups covering fewer of their rows are not shown */
  thresholds: { datasetId: string; name: string; minGroupSize: number }[];
  description: string;
} & NoiseSummary;

const EXACT_OVERLAP = { onlyAInterval: null, bothInterval: null, onlyBInterval: null, ...EXACT };

/** Groups one aggregate may return (more: group by fewer or coarser columns). */
export const MAX_GROUPS = 1000;

/** The columns a caller's report of these sets would carry (ResultColumn per column). */
export function resultColumns(userId: string, sets: readonly Dataset[], extra: readonly string[] = []): ResultColumn[] {
  return sets.flatMap((d, i) =>
    reportColumns(d, userId, extra).map((c) => ({
      set: i + 1,
      datasetId: d.id,
      name: c.name,
      role: c.role,
      keyVersion: d.keyVersion,
      sealing: c.sealing,
    })),
  );
}

const names = (sets: readonly Dataset[]): SetNames => ({ 1: sets[0].name, 2: sets[1]?.name });

/**
 * Compare, Join counts and aggregates: free analyses that return counts only, each checked against
 * the sets' analysis rules (analysis-rules.ts) and written to the room's audit log.
 */
export class AnalysesService {
  constructor(
    private readonly rooms: RoomsService,
    private readonly datasets: DatasetsService,
    private readonly audit: AuditService,
    private readonly privacy: PrivacyService,
  ) {}

  // per data set and join column: no token occurs twice (rowsJoinOnce)
  private readonly uniqueTokens = new Map<string, boolean>();

  /** Two sets of a room and their join condition, checked against the rules and the column roles. */
  async pair(em: EntityManager, user: User, roomId: string, a: string, b: string, condition: ConditionSource) {
    await this.rooms.access(em, user, roomId);
    if (a === b) throw badInput('dataset2_id: a join needs two different data sets');
    const setA = await this.datasets.get(em, user, roomId, a);
    const setB = await this.datasets.get(em, user, roomId, b);
    const tree = parseCondition(condition, { 1: setA.columns, 2: setB.columns });
    checkCondition(user.id, [setA, setB], tree);
    return { setA, setB, tree };
  }

  /**
   * Overlap counts (the pie charts): for every pair of the selected sets and every join domain
   * both have, the distinct tokens only in A, in both, only in B; one set alone: its distinct
   * tokens per domain (onlyA). Suppressed together below a partner set's k. Tokens never leave.
   * A partner's join keys count only where their role lets them join. Over a differentially
   * private partner set every count carries noise calibrated to what one of its rows can change
   * in the whole answer, and k applies to the noisy counts.
   */
  async compare(em: EntityManager, user: User, input: CompareCommand): Promise<Overlap[]> {
    const ids = [...new Set(input.datasetIds)];
    const sets: Dataset[] = [];
    for (const id of ids) sets.push(await this.datasets.get(em, user, input.roomId, id));
    const domains = (d: Dataset) => {
      const m = new Map<string, number[]>();
      for (const c of d.columns)
        if (c.role === 'join' && joinable(user.id, d, c))
          m.set(c.domain!, [...(m.get(c.domain!) ?? []), c.tokenIndex!]);
      return m;
    };
    type Entry = { domain: string; i: number; j: number | null; cols: number[][] };
    const entries: Entry[] = [];
    if (sets.length === 1)
      for (const [domain, cols] of domains(sets[0])) entries.push({ domain, i: 0, j: null, cols: [cols] });
    for (let i = 0; i < sets.length; i++)
      for (let j = i + 1; j < sets.length; j++) {
        const db = domains(sets[j]);
        for (const [domain, colsA] of domains(sets[i])) {
          const colsB = db.get(domain);
          if (colsB) entries.push({ domain, i, j, cols: [colsA, colsB] });
        }
      }
    const noisySets = sets.filter((s) => noisyFor(s, user.id));
    const charges = await this.privacy.charge(em, user, noisySets);

    // the noise: one row of a private set S adds at most one token per join column of S to each
    // count it takes part in, and moves a token between "only" and "both" in a pair (2 per column)
    const sensitivity = (s: Dataset) =>
      entries.reduce((sum, e) => {
        const side = sets[e.i] === s ? 0 : e.j !== null && sets[e.j] === s ? 1 : -1;
        return side < 0 ? sum : sum + e.cols[side].length * (e.j === null ? 1 : 2);
      }, 0);
    // every value gets the noise of the set needing the most (sensitivity over its epsilon)
    const calibration = noisySets
      .map((s) => ({ sensitivity: sensitivity(s), micros: s.queryCostMicros }))
      .filter((c) => c.sensitivity > 0)
      .sort((x, y) => y.sensitivity / y.micros - x.sensitivity / x.micros)[0];
    const noise = (v: number) => this.privacy.noise(v, calibration!.sensitivity, calibration!.micros, true);

    const out: Overlap[] = [];
    const footprints = new Map<Dataset, number[][]>();
    for (const e of entries) {
      const a = sets[e.i];
      const b = e.j === null ? null : sets[e.j];
      let counts: OverlapCounts;
      if (!b) {
        const [r] = await query<{ n: number }>(
          em,
          `select count(*)::int as n from (${distinctTokens(a.id, e.cols[0])}) t`,
        );
        counts = { onlyA: r.n, both: 0, onlyB: 0 };
      } else {
        const [r] = await query<{ only_a: number; both: number; only_b: number }>(
          em,
          `with a as (${distinctTokens(a.id, e.cols[0])}), b as (${distinctTokens(b.id, e.cols[1])})
           select count(*) filter (where b.token is null)::int as only_a,
                  count(*) filter (where a.token is not null and b.token is not null)::int as both,
                  count(*) filter (where a.token is null)::int as only_b
           from a full join b on a.token = b.token`,
        );
        counts = { onlyA: r.only_a, both: r.both, onlyB: r.only_b };
      }
      const involved = b ? [a, b] : [a];
      const noisy = calibration && involved.some((s) => noisySets.includes(s));
      if (!noisy) {
        const shown = suppressOverlap(user.id, a, b, counts);
        out.push({ domain: e.domain, datasetIds: involved.map((s) => s.id), ...shown, ...EXACT_OVERLAP });
        if (!shown.suppressed)
          for (const [side, s] of involved.entries())
            if (controlled(user.id, s))
              footprints.set(s, [...(footprints.get(s) ?? []), await this.overlapRows(em, e, sets, side)]);
        continue;
      }
      const onlyA = noise(counts.onlyA);
      const both = b ? noise(counts.both) : null;
      const onlyB = b ? noise(counts.onlyB) : null;
      const shown = suppressOverlap(user.id, a, b, {
        onlyA: onlyA.value,
        both: both?.value ?? 0,
        onlyB: onlyB?.value ?? 0,
      });
      const interval = (n: Noised | null) => (n && !shown.suppressed ? { low: n.low, high: n.high } : null);
      out.push({
        domain: e.domain,
        datasetIds: involved.map((s) => s.id),
        ...shown,
        onlyAInterval: interval(onlyA),
        bothInterval: interval(both),
        onlyBInterval: interval(onlyB),
        ...this.privacy.summary(charges),
      });
    }
    // the diff check (sets without differential privacy) before anything is released
    // (a refusal gives back what the private sets' part of the answer was charged: nothing left)
    try {
      for (const [set, rows] of footprints) await this.privacy.diffCheck(em, user, set, rows);
    } catch (err) {
      await this.privacy.refund(em, user, charges);
      throw err;
    }
    const suppressed = out.filter((o) => o.suppressed).length;
    await this.audit.record(em.fork(), {
      roomId: input.roomId,
      actor: user,
      action: 'compare',
      sets,
      description: `Compare of ${listWords(sets.map((s) => s.name))}${suppressed ? ` (${suppressed} suppressed)` : ''}${charges.length ? ' (noisy)' : ''}`,
      outcome: { count: out.length, unit: 'overlaps', coverage: {} },
    });
    return out;
  }

  /** The rows of `sets[side of e]` a Compare entry's shown counts cover: those whose token the other set has too. */
  private async overlapRows(
    em: EntityManager,
    e: { i: number; j: number | null; cols: number[][] },
    sets: Dataset[],
    side: number,
  ): Promise<number[]> {
    const own = sets[side === 0 ? e.i : e.j!];
    const mine = e.cols[side];
    const table = datasetTables(own.id).rows;
    if (e.j === null) {
      const rows = await query<{ r: number[] | null }>(
        em,
        `select array_agg(distinct row_no) as r from ${table} where ${mine.map((k) => `${tokenColumn(k)} is not null`).join(' or ')}`,
      );
      return rows[0].r ?? [];
    }
    const other = sets[side === 0 ? e.j : e.i];
    const theirs = e.cols[1 - side];
    const rows = await query<{ r: number[] | null }>(
      em,
      `select array_agg(distinct s.row_no) as r from ${table} s
       where ${mine
         .map(
           (k) => `exists (select 1 from (${distinctTokens(other.id, theirs)}) o where o.token = s.${tokenColumn(k)})`,
         )
         .join(' or ')}`,
    );
    return rows[0].r ?? [];
  }

  /** Free: how many row pairs a join matches (suppressed below k), and the columns its report would have. */
  async join(em: EntityManager, user: User, input: JoinCommand): Promise<JoinPreview> {
    const { setA, setB, tree } = await this.pair(
      em,
      user,
      input.roomId,
      input.dataset1Id,
      input.dataset2Id,
      input.condition,
    );
    const sets = [setA, setB];
    const dp = privateSide(user.id, sets);
    await this.checkBranches(em, user, sets, tree);
    const charges = await this.privacy.charge(em, user, dp === null ? [] : [sets[dp]]);
    const compiled = compilePairs(tree, datasetTables(setA.id), datasetTables(setB.id));
    const counted = involvesPartner(user.id, sets);
    const controlledSides = sets.map((s) => controlled(user.id, s));
    const distinct = (side: 'ra' | 'rb') => (counted ? `count(distinct ${side})::int` : '0');
    const rowsOf = (side: 'ra' | 'rb', i: number) => (controlledSides[i] ? `array_agg(distinct ${side})` : 'null');
    const [r] = await query<{ n: number; da: number; db: number; fa: number[] | null; fb: number[] | null }>(
      em,
      `select count(*)::int as n, ${distinct('ra')} as da, ${distinct('rb')} as db,
              ${rowsOf('ra', 0)} as fa, ${rowsOf('rb', 1)} as fb
       from (${compiled.sql}) q`,
      compiled.params,
    );
    let matchCount: number | null;
    let interval: Interval | null = null;
    if (dp !== null) {
      // the private set's matching rows, each once: one of its rows changes this by at most 1
      const noisy = this.privacy.noise(dp === 0 ? r.da : r.db, 1, sets[dp].queryCostMicros, true);
      const visible = noisy.value >= sets[dp].minGroupSize;
      matchCount = visible ? noisy.value : null;
      interval = visible ? { low: noisy.low, high: noisy.high } : null;
    } else {
      matchCount = coversEnough(user.id, sets, [r.da, r.db]) ? r.n : null;
      if (matchCount !== null)
        for (const [i, set] of sets.entries())
          if (controlledSides[i]) await this.privacy.diffCheck(em, user, set, [(i === 0 ? r.fa : r.fb) ?? []]);
    }
    await this.audit.record(em.fork(), {
      roomId: input.roomId,
      actor: user,
      action: 'join',
      sets,
      description: `Count of ${reportWords(names(sets), tree)}${dp !== null ? ' (noisy)' : ''}`,
      outcome: { count: matchCount, unit: 'pairs', coverage: coverage(sets, [r.da, r.db]) },
    });
    return {
      matchCount,
      suppressed: matchCount === null,
      columns: resultColumns(user.id, sets),
      matchCountInterval: interval,
      ...this.privacy.summary(charges),
    };
  }

  /**
   * Query controls on partner sets without differential privacy (analysis-rules.ts): every OR
   * branch that compares a column of such a set with a value must cover at least k of its rows,
   * or a padded OR could single one row out while the whole answer still covers k. `exact`: the
   * answer is exact whatever the set's privacy (a row-level report), so the check applies to
   * differentially private sets too.
   */
  async checkBranches(
    em: EntityManager,
    user: User,
    sets: readonly Dataset[],
    tree: ConditionNode | null,
    exact = false,
  ) {
    if (!tree) return;
    const branches = dnf(tree);
    if (branches.length < 2) return;
    for (const [i, set] of sets.entries()) {
      if (!controlled(user.id, set, exact)) continue;
      for (const branch of branches) {
        const narrows = branch.some((l) => l.kind !== 'join' && l.ref.set === i + 1);
        if (!narrows) continue;
        const node = conjunction(branch);
        const compiled =
          sets.length === 2
            ? compilePairs(node, datasetTables(sets[0].id), datasetTables(sets[1].id))
            : compileFilter(node, datasetTables(sets[0].id));
        const [r] = await query<{ n: number }>(
          em,
          `select count(distinct ${i === 0 ? 'ra' : 'rb'})::int as n from (${compiled.sql}) q`,
          compiled.params,
        );
        if (r.n < set.minGroupSize)
          throw ruleError(
            `A branch of the condition's OR narrows "${set.name}" to fewer than ${set.minGroupSize} of its rows (its minimum group size): every alternative must cover at least k on its own`,
          );
      }
    }
  }

  /**
   * COUNT, COUNT DISTINCT of a join key, SUM, AVG, MIN and MAX over clear columns, grouped by up to
   * 3 clear columns, over one set or a join of two. Groups covering fewer than k rows of a partner's
   * set are left out (see visibleGroups); without grouping, the one total is suppressed instead.
   * A partner's metric is clamped to its bounds. Over a differentially private partner set each of
   * its rows counts once, in one group, and every value carries noise (k on the noisy counts).
   */
  async aggregate(em: EntityManager, user: User, input: AggregateCommand): Promise<AggregateResult> {
    const ids = input.datasetIds;
    if (new Set(ids).size !== ids.length) throw badInput('datasetIds: a join needs two different data sets');
    let sets: Dataset[];
    let tree: ConditionNode | null;
    if (ids.length === 2) {
      if (input.condition === undefined || input.condition === null)
        throw badInput('condition: an aggregate over two data sets needs their join condition');
      const pair = await this.pair(em, user, input.roomId, ids[0], ids[1], input.condition);
      sets = [pair.setA, pair.setB];
      tree = pair.tree;
    } else {
      sets = [await this.datasets.get(em, user, input.roomId, ids[0])];
      tree =
        input.condition === undefined || input.condition === null
          ? null
          : parseFilter(input.condition, sets[0].columns);
      if (tree) checkCondition(user.id, sets, tree);
    }
    const dp = privateSide(user.id, sets);
    const column = (ref: ColumnRef, path: string) => {
      const set = sets[ref.set - 1];
      if (!set) throw badInput(`${path}.set: ${ref.set} is not one of the data sets`);
      const c = set.columns.find((x) => x.name.toLowerCase() === ref.column.toLowerCase());
      if (!c) throw new AppError('UNKNOWN_COLUMN', `${path}.column: data set ${ref.set} has no column "${ref.column}"`);
      return { set, index: ref.set, column: c, alias: ref.set === 1 ? 'a' : 'b' };
    };
    const groups = input.groupBy.map((g, i) => {
      const ref = column(g, `groupBy.${i}`);
      if (ref.column.role !== 'clear')
        throw badInput(`groupBy.${i}: "${ref.column.name}" is ${ref.column.role}: group by clear columns only`);
      checkColumnUse(user.id, ref.set, ref.column, 'group');
      return ref;
    });
    const measures = input.measures.map((m, i) => {
      if (m.fn === 'count') {
        if (m.column) throw badInput(`measures.${i}: count counts rows; it takes no column`);
        return { fn: m.fn, ref: null, bounds: null };
      }
      if (!m.column) throw badInput(`measures.${i}: ${m.fn} needs a column`);
      const ref = column(m.column, `measures.${i}`);
      if (m.fn === 'countDistinct') {
        if (ref.column.role !== 'join')
          throw badInput(`measures.${i}: countDistinct counts the distinct values of a join key`);
        checkColumnUse(user.id, ref.set, ref.column, 'countDistinct');
        return { fn: m.fn, ref, bounds: null };
      }
      if (ref.column.role !== 'clear')
        throw badInput(`measures.${i}: ${m.fn} needs a clear column ("${ref.column.name}" is ${ref.column.role})`);
      checkColumnUse(user.id, ref.set, ref.column, 'aggregate');
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
      const clamp = bounds && (dp !== null || (isPartnerSet(ref.set, user.id) && ref.set.partnerAccess !== 'full'));
      return { fn: m.fn, ref, bounds: clamp ? bounds : null };
    });
    await this.checkBranches(em, user, sets, tree);
    const charges = await this.privacy.charge(em, user, dp === null ? [] : [sets[dp]]);

    // per matching row (pair): the group keys g1.. and measure inputs x1..
    const rowExpressions = () => [
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
    const inner =
      sets.length === 2
        ? compilePairs(tree!, datasetTables(sets[0].id), datasetTables(sets[1].id), rowExpressions)
        : compileFilter(tree, datasetTables(sets[0].id), rowExpressions);
    const keys = groups.map((_, i) => `g${i + 1}`);
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
      .filter((s) => isPartnerSet(s, user.id))
      .map((s) => ({ datasetId: s.id, name: s.name, minGroupSize: s.minGroupSize }));

    if (dp !== null) {
      const once = sets.length === 1 || (await this.rowsJoinOnce(em, sets, dp, tree!));
      // a refused aggregate (too many groups) leaves the budget as it was
      const result = await this.noisyAggregate(em, sets, dp, inner, keys, measures, once).catch(async (err) => {
        await this.privacy.refund(em, user, charges);
        throw err;
      });
      await this.audit.record(em.fork(), {
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
      return { columns, groups: result.groups, thresholds, description, ...this.privacy.summary(charges) };
    }

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
    const counted = involvesPartner(user.id, sets);
    const distinct = sets.map((_, i) => (counted ? `count(distinct ${i === 0 ? 'ra' : 'rb'})::int` : '0'));
    const controlledSides = sets.map((s) => controlled(user.id, s));
    const footprintOf = sets.map((_, i) =>
      controlledSides[i] ? `array_agg(${i === 0 ? 'ra' : 'rb'})` : 'null::int[]',
    );
    // grouped: the groups, then the total over all of them (grouping sets), which the rules need
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
    const measured = rows.map((r) => ({
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
      if (controlledSides[i] && shown.length)
        await this.privacy.diffCheck(
          em,
          user,
          set,
          shown.map((g) => g.footprints[i]),
        );

    const covered = sets.map((_, i) => (shown.length ? Math.min(...shown.map((g) => g.rows[i])) : 0));
    await this.audit.record(em.fork(), {
      roomId: input.roomId,
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
    return { columns, groups: result, thresholds, description, ...EXACT };
  }

  /**
   * An aggregate over a differentially private partner set (`sets[dp]`; the other set, if any, is
   * the caller's own). Each of its rows counts once, in its first group: the noise of each group's
   * values is calibrated to one row (counts 1, sums the metric's largest magnitude), and the
   * groups are disjoint, so one query's epsilon covers them all, split over the values a group
   * holds. Groups whose noisy row count is below k are left out.
   */
  private async noisyAggregate(
    em: EntityManager,
    sets: Dataset[],
    dp: number,
    inner: { sql: string; params: unknown[] },
    keys: string[],
    measures: { fn: AggregateFunction; bounds: { lower: number; upper: number } | null }[],
    once: boolean,
  ): Promise<{ groups: AggregateGroup[]; covered: number[] }> {
    const unit = dp === 0 ? 'ra' : 'rb';
    const other = dp === 0 ? 'rb' : 'ra';
    const rowsOnce = once
      ? inner.sql
      : `select distinct on (${unit}) * from (${inner.sql}) q0 order by ${[unit, ...keys.map((k) => `${k} nulls last`), other].join(', ')}`;
    const parts = 1 + measures.reduce((n, m) => n + (m.fn === 'count' ? 0 : m.fn === 'avg' ? 2 : 1), 0);
    const micros = Math.floor(sets[dp].queryCostMicros / parts);
    const expressions = measures.flatMap((m, i) => {
      const x = `x${i + 1}`;
      if (m.fn === 'count') return [];
      if (m.fn === 'countDistinct') return [`count(distinct ${x})::float8 as v${i + 1}`];
      if (m.fn === 'sum') return [`coalesce(sum(${x}), 0)::float8 as v${i + 1}`];
      return [`coalesce(sum(${x}), 0)::float8 as v${i + 1}`, `count(${x})::float8 as c${i + 1}`];
    });
    const rows = await query<Record<string, unknown>>(
      em,
      `select ${[...keys, 'count(*)::int as rows_once', ...expressions].join(', ')}
       from (${rowsOnce}) q
       ${keys.length ? `group by ${keys.join(', ')} order by ${keys.map((k) => `${k} nulls last`).join(', ')}` : ''}
       limit ${MAX_GROUPS + 1}`,
      inner.params,
    );
    if (rows.length > MAX_GROUPS)
      throw badInput(`The aggregate would have more than ${MAX_GROUPS} groups: group by fewer or coarser columns`);
    const k = sets[dp].minGroupSize;
    const groups: AggregateGroup[] = [];
    let covered = 0;
    for (const r of rows) {
      const rowsOnceCount = Number(r.rows_once);
      const count = this.privacy.noise(rowsOnceCount, 1, micros, true);
      if (count.value < k) continue;
      const values: number[] = [];
      const intervals: Interval[] = [];
      measures.forEach((m, i) => {
        const v = Number(r[`v${i + 1}`] ?? 0);
        let n: Noised;
        if (m.fn === 'count') n = count;
        else if (m.fn === 'countDistinct') n = this.privacy.noise(v, 1, micros, true);
        else if (m.fn === 'sum') n = this.privacy.noise(v, magnitude(m.bounds!), micros, false);
        else n = this.noisyAverage(v, Number(r[`c${i + 1}`] ?? 0), m.bounds!, micros);
        values.push(n.value);
        intervals.push({ low: n.low, high: n.high });
      });
      covered = covered === 0 ? rowsOnceCount : Math.min(covered, rowsOnceCount);
      groups.push({
        keys: keys.map((key) => (r[key] === null || r[key] === undefined ? null : String(r[key]))),
        values,
        suppressed: false,
        intervals,
      });
    }
    if (!keys.length && !groups.length)
      groups.push({
        keys: [],
        values: measures.map(() => null),
        suppressed: true,
        intervals: measures.map(() => null),
      });
    return { groups, covered: sets.map((_, i) => (i === dp ? covered : 0)) };
  }

  /**
   * Whether each row of the private set `sets[dp]` matches at most one row in a join under `tree`:
   * when one join-key equality drives the join and no token occurs twice in the caller's own
   * column it joins. That is a property of the caller's own set alone (it reveals nothing about
   * the private set), so the noisy aggregate can skip making each private row count once, a sort
   * of every matching pair. Data sets do not change once uploaded: the answer is kept per column.
   */
  private async rowsJoinOnce(em: EntityManager, sets: Dataset[], dp: number, tree: ConditionNode): Promise<boolean> {
    const drive =
      tree.kind === 'join'
        ? tree
        : tree.kind === 'group' && tree.op === 'and'
          ? tree.children.find((c) => c.kind === 'join')
          : undefined;
    if (!drive || drive.kind !== 'join') return false;
    const own = sets[1 - dp];
    const column = dp === 0 ? drive.b : drive.a;
    const key = `${own.id}|${column.tokenIndex}`;
    let unique = this.uniqueTokens.get(key);
    if (unique === undefined) {
      const t = tokenColumn(column.tokenIndex);
      const [r] = await query<{ twice: boolean }>(
        em,
        `select exists (select 1 from ${datasetTables(own.id).rows} where ${t} is not null group by ${t} having count(*) > 1) as twice`,
      );
      unique = !r.twice;
      this.uniqueTokens.set(key, unique);
    }
    return unique;
  }

  /**
   * A noisy average: a noisy sum over a noisy count of the rows with a number, each drawn at 97.5%
   * so that the interval from their ends holds the true average with probability at least 95%.
   */
  private noisyAverage(sum: number, count: number, bounds: { lower: number; upper: number }, micros: number): Noised {
    const s = this.privacy.noise(sum, magnitude(bounds), micros, false, 0.025);
    const c = this.privacy.noise(count, 1, micros, true, 0.025);
    const clamp = (x: number) => Math.min(bounds.upper, Math.max(bounds.lower, x));
    const ratios = [s.low, s.high].flatMap((x) => [Math.max(1, c.low), Math.max(1, c.high)].map((y) => x / y));
    return {
      value: clamp(s.value / Math.max(1, c.value)),
      low: clamp(Math.min(...ratios)),
      high: clamp(Math.max(...ratios)),
    };
  }
}

/** Refuses what a partner's condition may not do: token literals (unless full), and columns whose role forbids it. */
export function checkCondition(userId: string, sets: readonly RuledSet[], tree: ConditionNode): void {
  for (const l of leaves(tree)) {
    if (l.kind === 'token') checkTokenLiteral(userId, sets[l.ref.set - 1], l.ref.column);
    else if (l.kind === 'value') checkColumnUse(userId, sets[l.ref.set - 1], l.ref.column, 'filter');
    else {
      checkColumnUse(userId, sets[0], l.a, 'join');
      checkColumnUse(userId, sets[1], l.b, 'join');
    }
  }
}

/**
 * The differentially private partner set of a join or aggregate (its index), or null. It must be
 * joined with one of the caller's own sets: with another member's set its rows could not be
 * counted once each on both sides.
 */
export function privateSide(userId: string, sets: readonly Dataset[]): number | null {
  const dp = sets.findIndex((s) => noisyFor(s, userId));
  if (dp < 0) return null;
  const other = sets.find((s, i) => i !== dp && isPartnerSet(s, userId));
  if (other)
    throw ruleError(
      `"${sets[dp].name}" answers with differential privacy: join it with one of your own data sets, not with "${other.name}"`,
    );
  return dp;
}

/**
 * A partner set the query controls without noise apply to: not the caller's, not full, and no
 * differential privacy unless the answer is `exact` anyway (a report).
 */
export const controlled = (userId: string, set: Dataset, exact = false) =>
  isPartnerSet(set, userId) && set.partnerAccess !== 'full' && (exact || !noisyFor(set, userId));

const metricBounds = (c: DatasetColumn) =>
  partnerRoleOf(c) === 'metric' &&
  c.lower !== null &&
  c.upper !== null &&
  c.lower !== undefined &&
  c.upper !== undefined
    ? { lower: c.lower, upper: c.upper }
    : null;

/** What one row can add to a sum of values within these bounds. */
const magnitude = (b: { lower: number; upper: number }) => Math.max(Math.abs(b.lower), Math.abs(b.upper));

/** A bound from the metadata as an SQL numeric literal (finite numbers only, checked on upload). */
const sqlNumber = (n: number, type: 'numeric' | 'float8' = 'numeric') => {
  if (!Number.isFinite(n)) throw new Error('a metric bound is not a finite number');
  return `${n}::${type}`;
};

/**
 * Whether an analysis involves someone else's set. Only then are the distinct rows of every set
 * counted: they decide what the actor receives, and which other members may read the outcome in
 * the audit log. An analysis of one's own sets only records no coverage: its numbers stay with
 * the actor (and the log shows the other members that it happened).
 */
export const involvesPartner = (userId: string, sets: readonly RuledSet[]) => sets.some((s) => isPartnerSet(s, userId));

/** The coverage of an outcome, per set id (the audit log's visibility rule reads it). */
export function coverage(sets: readonly RuledSet[], rows: readonly number[]): Record<string, number> {
  return Object.fromEntries(sets.map((s, i) => [s.id, rows[i]]));
}

const FN_WORDS: Record<AggregateFunction, string> = {
  count: 'count',
  countDistinct: 'distinct count',
  sum: 'sum',
  avg: 'average',
  min: 'minimum',
  max: 'maximum',
};

function aggregateWords(
  measures: { fn: AggregateFunction; column: string | null; set: string | null }[],
  groupBy: string[],
  over: string,
): string {
  const what = listWords(measures.map((m) => (m.column ? `${FN_WORDS[m.fn]} of ${m.column} of ${m.set}` : 'count')));
  return `${what[0].toUpperCase()}${what.slice(1)}${groupBy.length ? ` by ${listWords(groupBy)}` : ''}, over ${over}`;
}

/**
 * The distinct non-empty tokens of a domain's join columns in a set, as `token`. One column (the
 * usual case) reads its token index in token order, so compare is a merge of two index-only scans;
 * several columns of one domain are a union, which loses that order.
 */
const distinctTokens = (datasetId: string, cols: number[]) =>
  cols
    .map(
      (k) =>
        `select distinct ${tokenColumn(k)} as token from ${datasetTables(datasetId).rows} where ${tokenColumn(k)} is not null`,
    )
    .join(' union ');
