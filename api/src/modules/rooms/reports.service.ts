import type { EntityManager } from '@mikro-orm/postgresql';
import { createHash } from 'node:crypto';
import { AppError, badInput, notFound } from '../../shared/errors';
import { parseInput } from '../../shared/validation';
import type { CreditService } from '../billing/credit.service';
import type { LedgerService } from '../billing/ledger.service';
import type { User } from '../users/user.entity';
import { Report, type Dataset, type DatasetColumn } from './dataset.entity';
import type { DatasetsService } from './datasets.service';
import { datasetTables } from './dataset-tables';
import { compilePairs, parseCondition } from './join-condition';
import type { RoomsService } from './rooms.service';
import { joinSchema, reportRefSchema, reportSchema, roomRefSchema } from './rooms.schemas';
import { query } from './sql';

export const REPORT_PRICE = 1;
export const MAX_REPORT_ROWS = 100_000;

export type ResultColumn = {
  set: number;
  datasetId: string;
  name: string;
  role: DatasetColumn['role'];
  keyVersion: number;
};

/**
 * A report's content. Each row starts with the source row numbers (one per data set: they are
 * part of every sealed cell's AAD), then one cell per column: sealed cells (join keys' sealed
 * copies and sealed columns) as base64 for the browser to open, clear cells as stored.
 */
export type ReportResult = { columns: ResultColumn[]; rows: (number | string | null)[][] };

export type JoinPreview = { matchCount: number; columns: ResultColumn[] };

const b64 = (v: Buffer | null | undefined) => (v ? v.toString('base64') : null);

function resultColumns(sets: Dataset[]): ResultColumn[] {
  return sets.flatMap((d, i) =>
    d.columns.map((c) => ({ set: i + 1, datasetId: d.id, name: c.name, role: c.role, keyVersion: d.keyVersion })),
  );
}

function cells(d: Dataset, sealed: (Buffer | null)[] | null, clear: (string | null)[] | null) {
  return d.columns.map((c) =>
    c.role === 'clear' ? (clear?.[c.clearIndex! - 1] ?? null) : b64(sealed?.[c.sealedIndex! - 1]),
  );
}

export class ReportsService {
  constructor(
    private readonly rooms: RoomsService,
    private readonly datasets: DatasetsService,
    private readonly credit: CreditService,
    private readonly ledger: LedgerService,
  ) {}

  private async pair(em: EntityManager, user: User, roomId: string, a: string, b: string, sqlWhere: unknown) {
    await this.rooms.access(em, user, roomId);
    if (a === b) throw badInput('dataset2_id: a join needs two different data sets');
    const setA = await this.datasets.get(em, user, roomId, a);
    const setB = await this.datasets.get(em, user, roomId, b);
    const tree = parseCondition(sqlWhere, { 1: setA.columns, 2: setB.columns });
    return { setA, setB, compiled: compilePairs(tree, datasetTables(setA.id), datasetTables(setB.id)) };
  }

  /** Free: how many row pairs match, and the columns a report of the join would have. */
  async join(em: EntityManager, user: User, raw: unknown): Promise<JoinPreview> {
    const input = parseInput(joinSchema, raw);
    const { setA, setB, compiled } = await this.pair(
      em,
      user,
      input.room_id,
      input.dataset1_id,
      input.dataset2_id,
      input.sqlWhere,
    );
    const [r] = await query<{ n: number }>(em, `select count(*)::int as n from (${compiled.sql}) q`, compiled.params);
    return { matchCount: r.n, columns: resultColumns([setA, setB]) };
  }

  /**
   * A paid report: one data set, or the join of two under `sqlWhere`. 1 IPT is charged through the
   * credit ledger in the transaction that stores the report, so there is never one without the
   * other (INSUFFICIENT_CREDIT: "Purchase IPT Tokens to continue"). With `request_id`, a retry
   * returns the report already made and charges nothing more.
   */
  async create(em: EntityManager, user: User, raw: unknown): Promise<Report> {
    const input = parseInput(reportSchema, raw);
    const ids = input.datasets_array;
    const { room } = await this.rooms.access(em, user, input.room_id);
    const reportId = input.request_id ? idFromKey(user.id, room.id, input.request_id) : undefined;
    if (reportId) {
      const done = await em.findOne(Report, { id: reportId, user });
      if (done) return done;
    }
    let result: ReportResult;
    let condition: unknown = null;
    let sets: Dataset[];
    if (ids.length === 1) {
      if (input.sqlWhere !== undefined) throw badInput('sqlWhere: a report of one data set takes no condition');
      const d = await this.datasets.get(em, user, room.id, ids[0]);
      sets = [d];
      if (d.rowCount > MAX_REPORT_ROWS) throw tooBig(d.rowCount);
      const rows = await query<{ row_no: number; sealed: Buffer[] | null; clear: string[] | null }>(
        em,
        `select row_no, sealed, clear from ${datasetTables(d.id).rows} order by row_no`,
      );
      result = { columns: resultColumns(sets), rows: rows.map((r) => [r.row_no, ...cells(d, r.sealed, r.clear)]) };
    } else {
      const { setA, setB, compiled } = await this.pair(em, user, room.id, ids[0], ids[1], input.sqlWhere);
      sets = [setA, setB];
      condition = typeof input.sqlWhere === 'string' ? JSON.parse(input.sqlWhere) : input.sqlWhere;
      const limit = compiled.params.length + 1;
      const rows = await query<{
        ra: number;
        rb: number;
        sa: Buffer[] | null;
        ca: string[] | null;
        sb: Buffer[] | null;
        cb: string[] | null;
      }>(
        em,
        `select q.ra, q.rb, a.sealed as sa, a.clear as ca, b.sealed as sb, b.clear as cb
         from (${compiled.sql}) q
         join ${datasetTables(setA.id).rows} a on a.row_no = q.ra
         join ${datasetTables(setB.id).rows} b on b.row_no = q.rb
         order by q.ra, q.rb limit $${limit}`,
        [...compiled.params, MAX_REPORT_ROWS + 1],
      );
      if (rows.length > MAX_REPORT_ROWS) throw tooBig(rows.length);
      result = {
        columns: resultColumns(sets),
        rows: rows.map((r) => [r.ra, r.rb, ...cells(setA, r.sa, r.ca), ...cells(setB, r.sb, r.cb)]),
      };
    }
    return em.transactional(async (tx) => {
      // the ledger's per-user lock also orders concurrent reports of one user
      await this.ledger.lockUser(tx, user.id);
      if (reportId) {
        const done = await tx.findOne(Report, { id: reportId });
        if (done) return done;
      }
      const report = tx.create(Report, {
        ...(reportId ? { id: reportId } : {}),
        room,
        user,
        datasetIds: sets.map((d) => d.id),
        condition,
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
      await tx.flush();
      return report;
    });
  }

  /** The caller's reports in a room, newest first (metadata only). */
  async list(em: EntityManager, user: User, raw: unknown) {
    const { room_id } = parseInput(roomRefSchema, raw);
    const { room } = await this.rooms.access(em, user, room_id);
    return em.find(Report, { room, user }, { orderBy: { createdAt: 'desc', id: 'asc' }, exclude: ['result'] });
  }

  async get(em: EntityManager, user: User, raw: unknown): Promise<Report> {
    const input = parseInput(reportRefSchema, raw);
    const { room } = await this.rooms.access(em, user, input.room_id);
    const report = await em.findOne(Report, { id: input.report_id, room, user });
    if (!report) throw notFound('Report');
    return report;
  }
}

const tooBig = (n: number) =>
  new AppError(
    'BAD_USER_INPUT',
    `The report would have ${n > MAX_REPORT_ROWS ? `more than ${MAX_REPORT_ROWS}` : n} rows; narrow the condition (nothing was charged)`,
  );

/** A stable report id per caller, room and idempotency key (UUID layout over SHA-256). */
function idFromKey(userId: string, roomId: string, key: string): string {
  const h = createHash('sha256').update(`report|${userId}|${roomId}|${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
