import type { EntityManager } from '@mikro-orm/postgresql';
import { query } from '../../db/sql';
import { badInput } from '../../shared/errors';
import { datasetTables } from '../datasets/dataset-tables';
import type { Dataset } from '../datasets/dataset.entity';
import type { DatasetsService } from '../datasets/datasets.service';
import type { PrivacyService } from '../privacy/privacy.service';
import type { RoomsService } from '../rooms/rooms.service';
import type { User } from '../users/user.entity';
import { aggregate as aggregateOver } from './aggregate';
import type { AggregateCommand, CompareCommand, JoinCommand } from './analyses.schemas';
import {
  checkCondition,
  controlled,
  coverage,
  involvesPartner,
  names,
  privateSide,
  resultColumns,
  type AggregateResult,
  type Interval,
  type JoinPreview,
  type Overlap,
} from './analysis-parts';
import { coversEnough, ruleError } from './analysis-rules';
import type { AuditService } from './audit.service';
import { compare as compareSets } from './compare';
import { reportWords } from './condition-words';
import {
  compileFilter,
  compilePairs,
  conjunction,
  dnf,
  parseCondition,
  type ConditionNode,
  type ConditionSource,
} from './join-condition';

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

  /** Overlap counts of the selected sets per join domain (compare.ts). */
  compare(em: EntityManager, user: User, input: CompareCommand): Promise<Overlap[]> {
    return compareSets({ datasets: this.datasets, privacy: this.privacy, audit: this.audit }, em, user, input);
  }

  /** Counts, sums, averages, minima and maxima, grouped, over one set or a join of two (aggregate.ts). */
  aggregate(em: EntityManager, user: User, input: AggregateCommand): Promise<AggregateResult> {
    return aggregateOver(
      {
        datasets: this.datasets,
        privacy: this.privacy,
        audit: this.audit,
        pair: (...args) => this.pair(...args),
        checkBranches: (...args) => this.checkBranches(...args),
        uniqueTokens: this.uniqueTokens,
      },
      em,
      user,
      input,
    );
  }

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
}
