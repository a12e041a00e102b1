import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from './user.entity';

let columns: string[] | undefined;

/**
 * The users table's columns as `alias."column", ...`, for a hand-written statement that reads a
 * user together with the row that identifies the caller (a session, an API token): one indexed
 * statement instead of the ORM building a joined query on every request.
 */
export function userColumns(em: EntityManager, alias: string): string {
  columns ??= em
    .getMetadata()
    .get(User)
    .props.filter((p) => p.persist !== false && p.fieldNames?.length)
    .flatMap((p) => p.fieldNames);
  return columns.map((c) => `${alias}."${c}"`).join(', ');
}

/** A users row read by hand, as a managed entity of `em` (what findOne would have returned). */
export function userFromRow(em: EntityManager, row: Record<string, unknown>): User {
  return em.map(User, row);
}
