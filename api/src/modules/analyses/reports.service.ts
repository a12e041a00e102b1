import type { WebhookEvents } from '../webhooks/webhooks.service';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { query } from '../../db/sql';
import { AppError, badInput, conflict, notFound } from '../../shared/errors';
import type { CreditService } from '../billing/credit.service';
import type { LedgerService } from '../billing/ledger.service';
import { clearColumn, datasetTables, sealedColumn } from '../datasets/dataset-tables';
import type { Dataset } from '../datasets/dataset.entity';
import type { DatasetsService } from '../datasets/datasets.service';
import type { RoomsService } from '../rooms/rooms.service';
import type { User } from '../users/user.entity';
import { AccessRequest } from './access-request.entity';
import type { AccessService } from './access.service';
import type { ReportCommand, ReportRef } from './analyses.schemas';
import type { AnalysesService } from './analyses.service';
import { controlled, coverage, involvesPartner, resultColumns, type ResultColumn } from './analysis-parts';
import type { PrivacyService } from '../privacy/privacy.service';
import { checkRowLevelReport, isPartnerSet, ruleError } from './analysis-rules';
import type { AuditService } from './audit.service';
import { reportWords } from './condition-words';
import { compilePairs, conditionJson, type ConditionNode, type ConditionSource } from './join-condition';
import { Report } from './report.entity';

export const REPORT_PRICE = 1;
export const MAX_REPORT_ROWS = 100_000;

/**
 * How the caller opens a column sealed with a data set's own secret: its uploader with the
 * secret (sealed to their key), a partner with the column key sealed to them (a grant).
 */
export type ColumnKey = { kind: 'secret' | 'grant'; envelope: string; publicKeyId: string };
export type ReportColumn = ResultColumn & { key: ColumnKey | null };

/**
 * A report's content. Each row starts with the source row numbers (one per data set: they are part
 * of every sealed cell's AAD; null for a partner's set none of whose sealed cells are in the
 * report), then one cell per column: sealed cells (join keys' sealed copies and sealed columns) as
 * base64 for the browser to open, clear cells as stored. `omitted`: columns the caller may receive
 * but whose key its uploader has not sealed to them yet.
 */
export type ReportResult = {
  columns: ReportColumn[];
  rows: (number | string | null)[][];
  omitted: { datasetId: string; column: string }[];
};

const b64 = (v: Buffer | null | undefined) => (v ? v.toString('base64') : null);

/**
 * Where a report's cells are: clear cells as uploaded in the sets' rows tables (aliased `a`, `b`),
 * sealed cells in their sealed tables (`sa`, `sb`); each selected as x1, x2, ... in column order.
 */
function reportCells(sets: Dataset[], columns: ReportColumn[]) {
  return columns.map((rc, i) => {
    const c = sets[rc.set - 1].columns.find((x) => x.name === rc.name)!;
    const clear = c.role === 'clear';
    const side = rc.set === 1 ? 'a' : 'b';
    return {
      clear,
      alias: `x${i + 1}`,
      // the cell over its table's alias
      sql: clear ? `${side}.${clearColumn(c.clearIndex)}` : `s${side}.${sealedColumn(c.sealedIndex)}`,
    };
  });
}

const readCells = (cells: ReturnType<typeof reportCells>, r: Record<string, unknown>) =>
  cells.map((c) => (c.clear ? ((r[c.alias] as string | null) ?? null) : b64(r[c.alias] as Buffer | null)));

export class ReportsService {
  constructor(
    private readonly rooms: RoomsService,
    private readonly datasets: DatasetsService,
    private readonly analyses: AnalysesService,
    private readonly access: AccessService,
    private readonly audit: AuditService,
    private readonly credit: CreditService,
    private readonly ledger: LedgerService,
    private readonly privacy: PrivacyService,
    private readonly events?: WebhookEvents,
  ) {}

  /**
   * A paid report: one data set, or the join of two under `condition`, as the analysis rules allow
   * (analysis-rules.ts) or as an approved access request names it. 1 IPT is charged through the
   * credit ledger in the transaction that stores the report, so there is never one without the other
   * (INSUFFICIENT_CREDIT: "Purchase IPT Tokens to continue"). With `idempotencyKey`, a retry returns
   * the report already made and charges nothing more.
   */
  async create(em: EntityManager, user: User, input: ReportCommand): Promise<Report> {
    const { room } = await this.rooms.access(em, user, input.roomId);
    const reportId = input.idempotencyKey ? idFromKey(user.id, room.id, input.idempotencyKey) : undefined;
    if (reportId) {
      const done = await em.findOne(Report, { id: reportId, user });
      if (done) return sameReport(done, input);
    }
    const { approval, sets, tree, rawCondition } = await this.source(em, user, room.id, input);
    checkRowLevelReport(user.id, sets, approval !== null);
    if (!approval) await this.analyses.checkBranches(em, user, sets, tree, true);
    const { columns, omitted } = await this.columns(em, user, sets, approval);
    const { result, covered, rowNumbers } = await this.rowsOf(em, user, sets, tree, columns, omitted);
    if (!approval) await this.checkCoverage(em, user, sets, covered, rowNumbers);
    // an approved report is named after the request (which names the withheld columns it adds)
    const description = approval ? approval.description : reportWords({ 1: sets[0].name, 2: sets[1]?.name }, tree);

    return em.transactional(async (tx) => {
      // the ledger's per-user lock also orders concurrent reports of one user
      await this.ledger.lockUser(tx, user.id);
      if (reportId) {
        const done = await tx.findOne(Report, { id: reportId });
        if (done) return sameReport(done, input);
      }
      if (approval) await this.access.lockApproval(tx, user, room.id, approval.id);
      const report = tx.create(Report, {
        ...(reportId ? { id: reportId } : {}),
        room,
        user,
        datasetIds: sets.map((d) => d.id),
        condition: tree ? conditionJson(rawCondition) : null,
        description,
        accessRequestId: approval?.id ?? null,
        datasetCount: sets.length,
        rowCount: result.rows.length,
        result,
        chargeReference: '',
      });
      report.chargeReference = `report:${report.id}`;
      await this.credit.chargeCredit(tx, user, REPORT_PRICE, report.chargeReference, {
        kind: 'report',
        metadata: { roomId: room.id, datasetCount: sets.length },
      });
      if (approval) {
        await tx.nativeUpdate(AccessRequest, { id: approval.id }, { status: 'used', reportId: report.id });
      }
      const counted = involvesPartner(user.id, sets);
      await this.audit.record(
        tx,
        {
          roomId: room.id,
          actor: user,
          action: 'report',
          sets,
          description: `Report of ${description}${approval ? ' (an approved access request)' : ''}`,
          outcome: {
            count: result.rows.length,
            unit: 'rows',
            coverage: coverage(sets, counted ? covered : sets.map(() => 0)),
          },
        },
        false,
      );
      await tx.flush();
      // ids and counts only: the result is sealed for the members' browsers
      await this.events?.emit(tx, user.id, 'report.created', {
        reportId: report.id,
        roomId: room.id,
        datasetIds: report.datasetIds,
        rowCount: report.rowCount,
      });
      return report;
    });
  }

  /** Without an approval: k rows of each partner set at least, and the diff check. */
  private async checkCoverage(
    em: EntityManager,
    user: User,
    sets: Dataset[],
    covered: number[],
    rowNumbers: number[][],
  ) {
    for (const [i, set] of sets.entries())
      if (isPartnerSet(set, user.id) && covered[i] < set.minGroupSize)
        throw ruleError(
          `The report would hold fewer than ${set.minGroupSize} rows of "${set.name}", its minimum group size; nothing was charged. Request access to ask its uploader for it`,
        );
    // a report is an exact answer, whatever the set's privacy: the diff check applies to it
    for (const [i, set] of sets.entries())
      if (controlled(user.id, set, true)) await this.privacy.diffCheck(em, user, set, [rowNumbers[i]]);
  }

  /**
   * What a report is of: the data sets and condition an approved access request names, or those
   * the caller sent; the condition parsed and checked against the sets' rules.
   */
  private async source(em: EntityManager, user: User, roomId: string, input: ReportCommand) {
    let approval: AccessRequest | null = null;
    let ids: string[];
    let rawCondition: ConditionSource;
    if (input.accessRequestId) {
      if (input.datasetIds !== undefined || input.condition !== undefined)
        throw badInput(
          'accessRequestId: the report an approval allows takes its data sets and condition from the request',
        );
      approval = await em
        .fork()
        .transactional((tx) => this.access.lockApproval(tx, user, roomId, input.accessRequestId!));
      ids = approval.datasetIds;
      rawCondition = approval.condition ?? undefined;
    } else {
      if (!input.datasetIds) throw badInput('datasetIds: one data set, or the two of a join');
      ids = input.datasetIds;
      rawCondition = input.condition;
    }

    let sets: Dataset[];
    let tree: ConditionNode | null = null;
    if (ids.length === 1) {
      if (rawCondition !== undefined && rawCondition !== null)
        throw badInput('sqlWhere: a report of one data set takes no condition');
      sets = [await this.datasets.get(em, user, roomId, ids[0])];
    } else {
      const pair = await this.analyses.pair(em, user, roomId, ids[0], ids[1], rawCondition);
      sets = [pair.setA, pair.setB];
      tree = pair.tree;
    }
    return { approval, sets, tree, rawCondition };
  }

  /**
   * The report's columns for the caller: all of their own sets', a partner set's shared ones (plus
   * those an approval names), each with the key it opens with when sealed with a set's secret.
   */
  private async columns(em: EntityManager, user: User, sets: Dataset[], approval: AccessRequest | null) {
    const base = resultColumns(user.id, sets, approval?.columns ?? []);
    const columns: ReportColumn[] = [];
    const omitted: ReportResult['omitted'] = [];
    for (const c of base) {
      const set = sets[c.set - 1];
      if (c.sealing !== 'dataset') {
        columns.push({ ...c, key: null });
      } else if (!isPartnerSet(set, user.id)) {
        if (!set.sealedSecret || !set.secretKeyId) throw new AppError('CONFLICT', `"${set.name}" has no sealed secret`);
        columns.push({ ...c, key: { kind: 'secret', envelope: set.sealedSecret, publicKeyId: set.secretKeyId } });
      } else {
        const grant = (await this.access.grantsFor(em, user, set.id, approval?.id ?? null))
          .filter((g) => g.column === c.name)
          // the approval's own grant first
          .sort((a, b) => (a.scope === 'standing' ? 1 : 0) - (b.scope === 'standing' ? 1 : 0))[0];
        if (grant)
          columns.push({ ...c, key: { kind: 'grant', envelope: grant.sealedKey, publicKeyId: grant.publicKeyId } });
        else omitted.push({ datasetId: set.id, column: c.name });
      }
    }
    return { columns, omitted };
  }

  private async rowsOf(
    em: EntityManager,
    user: User,
    sets: Dataset[],
    tree: ConditionNode | null,
    columns: ReportColumn[],
    omitted: ReportResult['omitted'],
  ): Promise<{ result: ReportResult; covered: number[]; rowNumbers: number[][] }> {
    const of = (i: number) => columns.filter((c) => c.set === i + 1);
    // a partner's row numbers only when one of its sealed cells needs them to open
    const rowNumbers = (i: number) => !isPartnerSet(sets[i], user.id) || of(i).some((c) => c.role !== 'clear');
    const cells = reportCells(sets, columns);
    if (sets.length === 1) {
      const t = datasetTables(sets[0].id);
      const count = await query<{ n: number }>(em, `select count(*)::int as n from ${t.rows}`);
      if (count[0].n > MAX_REPORT_ROWS) throw tooBig(count[0].n);
      const rows = await query<{ row_no: number }>(
        em,
        `select ${['a.row_no', ...cells.map((c) => `${c.sql} as ${c.alias}`)].join(', ')}
         from ${t.rows} a join ${t.sealed} sa on sa.row_no = a.row_no order by a.row_no`,
      );
      return {
        result: { columns, omitted, rows: rows.map((r) => [rowNumbers(0) ? r.row_no : null, ...readCells(cells, r)]) },
        covered: [rows.length],
        rowNumbers: [rows.map((r) => r.row_no)],
      };
    }
    const [setA, setB] = sets;
    // the pairs with their clear cells, then their sealed cells through the sealed tables' keys
    const compiled = compilePairs(tree!, datasetTables(setA.id), datasetTables(setB.id), () =>
      cells.filter((c) => c.clear).map((c) => `${c.sql} as ${c.alias}`),
    );
    const selected = cells.map((c) => (c.clear ? `q.${c.alias}` : `${c.sql} as ${c.alias}`));
    const limit = compiled.params.length + 1;
    const rows = await query<{ ra: number; rb: number }>(
      em,
      `select ${['q.ra', 'q.rb', ...selected].join(', ')}
       from (${compiled.sql}) q
       join ${datasetTables(setA.id).sealed} sa on sa.row_no = q.ra
       join ${datasetTables(setB.id).sealed} sb on sb.row_no = q.rb
       order by q.ra, q.rb limit $${limit}`,
      [...compiled.params, MAX_REPORT_ROWS + 1],
    );
    if (rows.length > MAX_REPORT_ROWS) throw tooBig(rows.length);
    return {
      result: {
        columns,
        omitted,
        rows: rows.map((r) => [rowNumbers(0) ? r.ra : null, rowNumbers(1) ? r.rb : null, ...readCells(cells, r)]),
      },
      covered: [new Set(rows.map((r) => r.ra)).size, new Set(rows.map((r) => r.rb)).size],
      rowNumbers: [[...new Set(rows.map((r) => r.ra))], [...new Set(rows.map((r) => r.rb))]],
    };
  }

  /** The caller's reports in a room, newest first (metadata only). */
  async list(em: EntityManager, user: User, roomId: string) {
    const { room } = await this.rooms.access(em, user, roomId);
    return em.find(Report, { room, user }, { orderBy: { createdAt: 'desc', id: 'asc' }, exclude: ['result'] });
  }

  async get(em: EntityManager, user: User, input: ReportRef): Promise<Report> {
    const { room } = await this.rooms.access(em, user, input.roomId);
    const report = await em.findOne(Report, { id: input.reportId, room, user });
    if (!report) throw notFound('Report');
    return report;
  }
}

const tooBig = (n: number) =>
  new AppError(
    'BAD_USER_INPUT',
    `The report would have ${n > MAX_REPORT_ROWS ? `more than ${MAX_REPORT_ROWS}` : n} rows; narrow the condition (nothing was charged)`,
  );

/**
 * The report a retry with the same idempotency key gets: the one made first, if it asked for the
 * same thing (its data sets and condition, or its access request); the key reused for another
 * report is a conflict, as for withdrawals, never someone else's answer returned as if it fitted.
 */
function sameReport(done: Report, input: ReportCommand): Report {
  const condition = () => {
    try {
      return input.condition == null ? null : conditionJson(input.condition);
    } catch {
      return undefined; // not JSON: not what the first report was made of
    }
  };
  const same = input.accessRequestId
    ? done.accessRequestId === input.accessRequestId
    : !done.accessRequestId &&
      isDeepStrictEqual(done.datasetIds, input.datasetIds) &&
      isDeepStrictEqual(done.condition ?? null, condition());
  if (!same) throw conflict('This idempotency key was already used for a different report');
  return done;
}

/** A stable report id per caller, room and idempotency key (UUID layout over SHA-256). */
function idFromKey(userId: string, roomId: string, key: string): string {
  const h = createHash('sha256').update(`report|${userId}|${roomId}|${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
