import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../../db/sql';
import { badInput } from '../../shared/errors';
import { datasetTables, tokenColumn } from '../datasets/dataset-tables';
import type { Dataset } from '../datasets/dataset.entity';
import type { Noised } from '../privacy/noise';
import type { PrivacyService } from '../privacy/privacy.service';
import type { AggregateFunction } from './analyses.schemas';
import { magnitude, MAX_GROUPS, type AggregateGroup, type Interval } from './analysis-parts';
import type { ConditionNode } from './join-condition';

/**
 * An aggregate over a differentially private partner set (`sets[dp]`; the other set, if any, is
 * the caller's own). Each of its rows counts once, in its first group: the noise of each group's
 * values is calibrated to one row (counts 1, sums the metric's largest magnitude), and the
 * groups are disjoint, so one query's epsilon covers them all, split over the values a group
 * holds. Groups whose noisy row count is below k are left out.
 */
export async function noisyAggregate(
  privacy: PrivacyService,
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
    const count = privacy.noise(rowsOnceCount, 1, micros, true);
    if (count.value < k) continue;
    const values: number[] = [];
    const intervals: Interval[] = [];
    measures.forEach((m, i) => {
      const v = Number(r[`v${i + 1}`] ?? 0);
      let n: Noised;
      if (m.fn === 'count') n = count;
      else if (m.fn === 'countDistinct') n = privacy.noise(v, 1, micros, true);
      else if (m.fn === 'sum') n = privacy.noise(v, magnitude(m.bounds!), micros, false);
      else n = noisyAverage(privacy, v, Number(r[`c${i + 1}`] ?? 0), m.bounds!, micros);
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
export async function rowsJoinOnce(
  em: EntityManager,
  uniqueTokens: Map<string, boolean>,
  sets: Dataset[],
  dp: number,
  tree: ConditionNode,
): Promise<boolean> {
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
  let unique = uniqueTokens.get(key);
  if (unique === undefined) {
    const t = tokenColumn(column.tokenIndex);
    const [r] = await query<{ twice: boolean }>(
      em,
      `select exists (select 1 from ${datasetTables(own.id).rows} where ${t} is not null group by ${t} having count(*) > 1) as twice`,
    );
    unique = !r.twice;
    uniqueTokens.set(key, unique);
  }
  return unique;
}

/**
 * A noisy average: a noisy sum over a noisy count of the rows with a number, each drawn at 97.5%
 * so that the interval from their ends holds the true average with probability at least 95%.
 */
function noisyAverage(
  privacy: PrivacyService,
  sum: number,
  count: number,
  bounds: { lower: number; upper: number },
  micros: number,
): Noised {
  const s = privacy.noise(sum, magnitude(bounds), micros, false, 0.025);
  const c = privacy.noise(count, 1, micros, true, 0.025);
  const clamp = (x: number) => Math.min(bounds.upper, Math.max(bounds.lower, x));
  const ratios = [s.low, s.high].flatMap((x) => [Math.max(1, c.low), Math.max(1, c.high)].map((y) => x / y));
  return {
    value: clamp(s.value / Math.max(1, c.value)),
    low: clamp(Math.min(...ratios)),
    high: clamp(Math.max(...ratios)),
  };
}
