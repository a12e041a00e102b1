import type { EntityManager } from '@mikro-orm/postgresql';
import type { DataRequest } from './request.entity';
import { FIELD_COLUMNS, rowValues } from './request-fields';

/** A request's columns as plain data: what lists and the mappers read (no owner, no ORM state). */
export type RequestRecord = Omit<DataRequest, 'user'>;

/** The columns the contracts list shows. */
export type ContractRecord = Pick<
  RequestRecord,
  'id' | 'title' | 'signerAddress' | 'escrowAddress' | 'bonusAmount' | 'publishedAt' | 'createdAt'
>;

type Row = Record<string, unknown>;

/** The columns of a contracts list record. */
export const CONTRACT_COLUMNS = 'id, title, signer_address, escrow_address, bonus_amount, published_at, created_at';

/** Every column of a request but its owner: what a list record holds. */
export const REQUEST_COLUMNS = `id, type, title, description, category, quality, access, key_id, public_key_pem, bonus,
  bonus_amount, bonus_each, status, options, question_count, response_count, escrow_address, signer_address,
  escrow_verified, funding, escrow_closed_at, closed_at, published_at, created_at, updated_at, language,
  translations, ${FIELD_COLUMNS}`;

// timestamps arrive as text (MikroORM's type parsers); its platform reads them as the ORM would
const dateOf = (em: EntityManager, v: unknown): Date => em.getPlatform().parseDate(v as string);
const maybeDate = (em: EntityManager, v: unknown): Date | null => (v == null ? null : dateOf(em, v));

function requestRecord(em: EntityManager, r: Row): RequestRecord {
  return {
    id: r.id as string,
    type: r.type as RequestRecord['type'],
    title: r.title as string,
    description: r.description as string,
    category: r.category as string,
    quality: r.quality as RequestRecord['quality'],
    access: r.access as RequestRecord['access'],
    keyId: r.key_id as string,
    publicKeyPem: r.public_key_pem as string,
    bonus: r.bonus as string,
    bonusAmount: r.bonus_amount as number,
    bonusEach: r.bonus_each as number,
    status: r.status as RequestRecord['status'],
    options: (r.options ?? null) as RequestRecord['options'],
    questionCount: (r.question_count ?? null) as number | null,
    responseCount: r.response_count as number,
    escrowAddress: (r.escrow_address ?? null) as string | null,
    signerAddress: (r.signer_address ?? null) as string | null,
    escrowVerified: r.escrow_verified as boolean,
    funding: r.funding as RequestRecord['funding'],
    ...rowValues(r),
    escrowClosedAt: maybeDate(em, r.escrow_closed_at),
    closedAt: maybeDate(em, r.closed_at),
    publishedAt: maybeDate(em, r.published_at),
    createdAt: dateOf(em, r.created_at),
    updatedAt: dateOf(em, r.updated_at),
    language: (r.language ?? null) as string | null,
    translations: (r.translations ?? null) as RequestRecord['translations'],
  };
}

const count = async (em: EntityManager, sql: string, params: unknown[]) =>
  Number((await em.execute<{ n: number }[]>(sql, params))[0]?.n ?? 0);

/**
 * One page of a user's requests, newest first, and how many there are: two statements on the
 * (user, created_at) indexes, run side by side, read as plain records. A list only shows rows, so
 * it skips the ORM's entity building, identity map and change-tracking snapshots.
 */
export async function requestPage(
  em: EntityManager,
  userId: string,
  page: { type?: string; limit: number; offset: number },
): Promise<{ rows: RequestRecord[]; count: number }> {
  const where = page.type ? 'user_id = ? and type = ?' : 'user_id = ?';
  const params = page.type ? [userId, page.type] : [userId];
  const [rows, n] = await Promise.all([
    em.execute<Row[]>(
      `select ${REQUEST_COLUMNS} from requests where ${where} order by created_at desc, id desc limit ? offset ?`,
      [...params, page.limit, page.offset],
    ),
    count(em, `select count(*)::int as n from requests where ${where}`, params),
  ]);
  return { rows: rows.map((r) => requestRecord(em, r)), count: n };
}

/** One page of a user's published requests with their escrow (newest first), and how many. */
export async function contractPage(
  em: EntityManager,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: ContractRecord[]; count: number }> {
  const [rows, n] = await Promise.all([
    em.execute<Row[]>(
      `select ${CONTRACT_COLUMNS} from requests where user_id = ? and status = 1
        order by published_at desc, id desc limit ? offset ?`,
      [userId, page.limit, page.offset],
    ),
    count(em, 'select count(*)::int as n from requests where user_id = ? and status = 1', [userId]),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.id as string,
      title: r.title as string,
      signerAddress: (r.signer_address ?? null) as string | null,
      escrowAddress: (r.escrow_address ?? null) as string | null,
      bonusAmount: r.bonus_amount as number,
      publishedAt: maybeDate(em, r.published_at),
      createdAt: dateOf(em, r.created_at),
    })),
    count: n,
  };
}
