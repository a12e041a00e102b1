import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../../db/sql';
import { datasetTables, tokenColumn } from '../datasets/dataset-tables';
import type { Dataset } from '../datasets/dataset.entity';
import type { DatasetsService } from '../datasets/datasets.service';
import type { Noised } from '../privacy/noise';
import { noisyFor, type PrivacyService } from '../privacy/privacy.service';
import type { User } from '../users/user.entity';
import type { CompareCommand } from './analyses.schemas';
import { controlled, distinctTokens, EXACT_OVERLAP, type Overlap } from './analysis-parts';
import { joinable, suppressOverlap, type OverlapCounts } from './analysis-rules';
import type { AuditService } from './audit.service';
import { listWords } from './condition-words';

export type CompareDeps = { datasets: DatasetsService; privacy: PrivacyService; audit: AuditService };

/** One count of a Compare: a join domain of set `i` alone (`j` null) or of the pair i, j; its token columns per side. */
type Entry = { domain: string; i: number; j: number | null; cols: number[][] };

/** The domains a Compare counts: each set's own when it is alone, else those both sets of a pair have. */
function overlapEntries(userId: string, sets: Dataset[]): Entry[] {
  const domains = (d: Dataset) => {
    const m = new Map<string, number[]>();
    for (const c of d.columns)
      if (c.role === 'join' && joinable(userId, d, c)) m.set(c.domain!, [...(m.get(c.domain!) ?? []), c.tokenIndex!]);
    return m;
  };
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
  return entries;
}

/** The distinct tokens only in a, in both, only in b (one set alone: its distinct tokens as onlyA). */
async function overlapCounts(
  em: EntityManager,
  a: Dataset,
  b: Dataset | null,
  cols: number[][],
): Promise<OverlapCounts> {
  if (!b) {
    const [r] = await query<{ n: number }>(em, `select count(*)::int as n from (${distinctTokens(a.id, cols[0])}) t`);
    return { onlyA: r.n, both: 0, onlyB: 0 };
  }
  const [r] = await query<{ only_a: number; both: number; only_b: number }>(
    em,
    `with a as (${distinctTokens(a.id, cols[0])}), b as (${distinctTokens(b.id, cols[1])})
     select count(*) filter (where b.token is null)::int as only_a,
            count(*) filter (where a.token is not null and b.token is not null)::int as both,
            count(*) filter (where a.token is null)::int as only_b
     from a full join b on a.token = b.token`,
  );
  return { onlyA: r.only_a, both: r.both, onlyB: r.only_b };
}

/**
 * The noise of a Compare: one row of a private set S adds at most one token per join column of S
 * to each count it takes part in, and moves a token between "only" and "both" in a pair (2 per
 * column). Every value gets the noise of the set needing the most (sensitivity over its epsilon).
 */
function calibrate(entries: Entry[], sets: Dataset[], noisySets: Dataset[]) {
  const sensitivity = (s: Dataset) =>
    entries.reduce((sum, e) => {
      const side = sets[e.i] === s ? 0 : e.j !== null && sets[e.j] === s ? 1 : -1;
      return side < 0 ? sum : sum + e.cols[side].length * (e.j === null ? 1 : 2);
    }, 0);
  return noisySets
    .map((s) => ({ sensitivity: sensitivity(s), micros: s.queryCostMicros }))
    .filter((c) => c.sensitivity > 0)
    .sort((x, y) => y.sensitivity / y.micros - x.sensitivity / x.micros)[0];
}

/**
 * Overlap counts (the pie charts): for every pair of the selected sets and every join domain
 * both have, the distinct tokens only in A, in both, only in B; one set alone: its distinct
 * tokens per domain (onlyA). Suppressed together below a partner set's k. Tokens never leave.
 * A partner's join keys count only where their role lets them join. Over a differentially
 * private partner set every count carries noise calibrated to what one of its rows can change
 * in the whole answer, and k applies to the noisy counts.
 */
export async function compare(
  { datasets, privacy, audit }: CompareDeps,
  em: EntityManager,
  user: User,
  input: CompareCommand,
): Promise<Overlap[]> {
  const ids = [...new Set(input.datasetIds)];
  const sets: Dataset[] = [];
  for (const id of ids) sets.push(await datasets.get(em, user, input.roomId, id));
  const entries = overlapEntries(user.id, sets);
  const noisySets = sets.filter((s) => noisyFor(s, user.id));
  const charges = await privacy.charge(em, user, noisySets);
  const calibration = calibrate(entries, sets, noisySets);
  const noise = (v: number) => privacy.noise(v, calibration!.sensitivity, calibration!.micros, true);

  const out: Overlap[] = [];
  const footprints = new Map<Dataset, number[][]>();
  for (const e of entries) {
    const a = sets[e.i];
    const b = e.j === null ? null : sets[e.j];
    const counts = await overlapCounts(em, a, b, e.cols);
    const involved = b ? [a, b] : [a];
    const noisy = calibration && involved.some((s) => noisySets.includes(s));
    if (!noisy) {
      const shown = suppressOverlap(user.id, a, b, counts);
      out.push({ domain: e.domain, datasetIds: involved.map((s) => s.id), ...shown, ...EXACT_OVERLAP });
      if (!shown.suppressed)
        for (const [side, s] of involved.entries())
          if (controlled(user.id, s))
            footprints.set(s, [...(footprints.get(s) ?? []), await overlapRows(em, e, sets, side)]);
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
      ...privacy.summary(charges),
    });
  }
  // the diff check (sets without differential privacy) before anything is released
  // (a refusal gives back what the private sets' part of the answer was charged: nothing left)
  try {
    for (const [set, rows] of footprints) await privacy.diffCheck(em, user, set, rows);
  } catch (err) {
    await privacy.refund(em, user, charges);
    throw err;
  }
  const suppressed = out.filter((o) => o.suppressed).length;
  await audit.record(em.fork(), {
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
async function overlapRows(em: EntityManager, e: Entry, sets: Dataset[], side: number): Promise<number[]> {
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
       .map((k) => `exists (select 1 from (${distinctTokens(other.id, theirs)}) o where o.token = s.${tokenColumn(k)})`)
       .join(' or ')}`,
  );
  return rows[0].r ?? [];
}
