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
  checkTokenLiteral,
  checkValueColumn,
  coversEnough,
  isPartnerSet,
  reportColumns,
  suppressOverlap,
  visibleGroups,
  type RuledSet,
} from './analysis-rules';
import type { AuditService } from './audit.service';
import { EXACT, type NoiseSummary, type PrivacyService } from '../privacy/privacy.service';
import { conditionWords, listWords, reportWords, type SetNames } from './condition-words';
import {
  compileFilter,
  compilePairs,
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

  /** Two sets of a room and their join condition, checked against the rules (token literals). */
  async pair(em: EntityManager, user: User, roomId: string, a: string, b: string, condition: ConditionSource) {
    await this.rooms.access(em, user, roomId);
    if (a === b) throw badInput('dataset2_id: a join needs two different data sets');
    const setA = await this.datasets.get(em, user, roomId, a);
    const setB = await this.datasets.get(em, user, roomId, b);
    const tree = parseCondition(condition, { 1: setA.columns, 2: setB.columns });
    checkLiterals(user.id, [setA, setB], tree);
    return { setA, setB, tree };
  }

  /**
   * Overlap counts (the pie charts): for every pair of the selected sets and every join domain
   * both have, the distinct tokens only in A, in both, only in B; one set alone: its distinct
   * tokens per domain (onlyA). Suppressed together below a partner set's k. Tokens never leave.
   */
  async compare(em: EntityManager, user: User, input: CompareCommand): Promise<Overlap[]> {
    const ids = [...new Set(input.datasetIds)];
    const sets: Dataset[] = [];
    for (const id of ids) sets.push(await this.datasets.get(em, user, input.roomId, id));
    const domains = (d: Dataset) => {
      const m = new Map<string, number[]>();
      for (const c of d.columns) if (c.role === 'join') m.set(c.domain!, [...(m.get(c.domain!) ?? []), c.tokenIndex!]);
      return m;
    };
    const out: Overlap[] = [];
    if (sets.length === 1) {
      for (const [domain, cols] of domains(sets[0])) {
        const [r] = await query<{ n: number }>(
          em,
          `select count(*)::int as n from (${distinctTokens(sets[0].id, cols)}) t`,
        );
        const counts = suppressOverlap(user.id, sets[0], null, { onlyA: r.n, both: 0, onlyB: 0 });
        out.push({ domain, datasetIds: [sets[0].id], ...counts, ...EXACT_OVERLAP });
      }
    }
    for (let i = 0; i < sets.length; i++) {
      for (let j = i + 1; j < sets.length; j++) {
        const db = domains(sets[j]);
        for (const [domain, colsA] of domains(sets[i])) {
          const colsB = db.get(domain);
          if (!colsB) continue;
          const [r] = await query<{ only_a: number; both: number; only_b: number }>(
            em,
            `with a as (${distinctTokens(sets[i].id, colsA)}), b as (${distinctTokens(sets[j].id, colsB)})
             select count(*) filter (where b.token is null)::int as only_a,
                    count(*) filter (where a.token is not null and b.token is not null)::int as both,
                    count(*) filter (where a.token is null)::int as only_b
             from a full join b on a.token = b.token`,
          );
          const counts = suppressOverlap(user.id, sets[i], sets[j], { onlyA: r.only_a, both: r.both, onlyB: r.only_b });
          out.push({ domain, datasetIds: [sets[i].id, sets[j].id], ...counts, ...EXACT_OVERLAP });
        }
      }
    }
    const suppressed = out.filter((o) => o.suppressed).length;
    await this.audit.record(em.fork(), {
      roomId: input.roomId,
      actor: user,
      action: 'compare',
      sets,
      description: `Compare of ${listWords(sets.map((s) => s.name))}${suppressed ? ` (${suppressed} suppressed)` : ''}`,
      outcome: { count: out.length, unit: 'overlaps', coverage: {} },
    });
    return out;
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
    const compiled = compilePairs(tree, datasetTables(setA.id), datasetTables(setB.id));
    const counted = involvesPartner(user.id, [setA, setB]);
    const distinct = (side: 'ra' | 'rb') => (counted ? `count(distinct ${side})::int` : '0');
    const [r] = await query<{ n: number; da: number; db: number }>(
      em,
      `select count(*)::int as n, ${distinct('ra')} as da, ${distinct('rb')} as db from (${compiled.sql}) q`,
      compiled.params,
    );
    const visible = coversEnough(user.id, [setA, setB], [r.da, r.db]);
    await this.audit.record(em.fork(), {
      roomId: input.roomId,
      actor: user,
      action: 'join',
      sets: [setA, setB],
      description: `Count of ${reportWords(names([setA, setB]), tree)}`,
      outcome: { count: visible ? r.n : null, unit: 'pairs', coverage: coverage([setA, setB], [r.da, r.db]) },
    });
    return {
      matchCount: visible ? r.n : null,
      suppressed: !visible,
      columns: resultColumns(user.id, [setA, setB]),
      matchCountInterval: null,
      ...EXACT,
    };
  }

  /**
   * COUNT, COUNT DISTINCT of a join key, SUM, AVG, MIN and MAX over clear columns, grouped by up to
   * 3 clear columns, over one set or a join of two. Groups covering fewer than k rows of a partner's
   * set are left out (see visibleGroups); without grouping, the one total is suppressed instead.
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
      if (tree) checkLiterals(user.id, sets, tree);
    }
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
      checkValueColumn(user.id, ref.set, ref.column);
      return ref;
    });
    const measures = input.measures.map((m, i) => {
      if (m.fn === 'count') {
        if (m.column) throw badInput(`measures.${i}: count counts rows; it takes no column`);
        return { fn: m.fn, ref: null };
      }
      if (!m.column) throw badInput(`measures.${i}: ${m.fn} needs a column`);
      const ref = column(m.column, `measures.${i}`);
      if (m.fn === 'countDistinct') {
        if (ref.column.role !== 'join')
          throw badInput(`measures.${i}: countDistinct counts the distinct values of a join key`);
      } else {
        if (ref.column.role !== 'clear')
          throw badInput(`measures.${i}: ${m.fn} needs a clear column ("${ref.column.name}" is ${ref.column.role})`);
        checkValueColumn(user.id, ref.set, ref.column);
      }
      return { fn: m.fn, ref };
    });

    // per matching row (pair): the group keys g1.. and measure inputs x1..
    const rowExpressions = () => [
      ...groups.map((g, i) => `${g.alias}.${clearColumn(g.column.clearIndex)} as g${i + 1}`),
      // sums, averages, minima and maxima of the cells' numbers (cells that are none do not count)
      ...measures.flatMap((m, i) => {
        if (!m.ref) return [];
        const cell =
          m.fn === 'countDistinct'
            ? `${m.ref.alias}.${tokenColumn(m.ref.column.tokenIndex)}`
            : `${m.ref.alias}.${numberColumn(m.ref.column.clearIndex)}`;
        return [`${cell} as x${i + 1}`];
      }),
    ];
    const inner =
      sets.length === 2
        ? compilePairs(tree!, datasetTables(sets[0].id), datasetTables(sets[1].id), rowExpressions)
        : compileFilter(tree, datasetTables(sets[0].id), rowExpressions);
    const keys = groups.map((_, i) => `g${i + 1}`);
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
    // grouped: the groups, then the total over all of them (grouping sets), which the rules need
    const rows = await query<Record<string, unknown>>(
      em,
      `select ${[
        ...keys,
        ...aggregates.map((a, i) => `${a} as v${i + 1}`),
        ...distinct.map((d, i) => `${d} as d${i + 1}`),
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
    let shown: { rows: readonly number[]; value: AggregateGroup }[];
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

    const description = aggregateWords(
      measures.map((m) => ({ fn: m.fn, column: m.ref?.column.name ?? null, set: m.ref?.set.name ?? null })),
      groups.map((g) => `${g.column.name} of ${g.set.name}`),
      sets.length === 2
        ? reportWords(names(sets), tree)
        : `${sets[0].name}${tree ? ` where ${conditionWords(tree, names(sets))}` : ''}`,
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
    return {
      columns: [
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
      ],
      groups: result,
      thresholds: sets
        .filter((s) => isPartnerSet(s, user.id))
        .map((s) => ({ datasetId: s.id, name: s.name, minGroupSize: s.minGroupSize })),
      description,
      ...EXACT,
    };
  }
}

/** Refuses token literals against a partner's set unless its rule is `full`. */
export function checkLiterals(userId: string, sets: readonly RuledSet[], tree: ConditionNode): void {
  for (const l of leaves(tree)) if (l.kind === 'token') checkTokenLiteral(userId, sets[l.ref.set - 1], l.ref.column);
}

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
