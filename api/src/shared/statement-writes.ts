/**
 * One write (an insert or update, without a WITH clause of its own) that a module hands to the
 * caller running its statement, so that several modules' writes go to the database in one round
 * trip. `with`: a common table expression the write refers to, hoisted to the statement's top level
 * (PostgreSQL allows data-modifying statements and their helpers only there).
 */
export type StatementWrite = { with?: string; withParams?: unknown[]; sql: string; params: unknown[] };

/**
 * The writes as one statement: each a data-modifying common table expression. They all run, on
 * one snapshot, in an order PostgreSQL chooses: none may read another's rows (foreign keys are
 * checked at the statement's end, so a row may point at one inserted beside it). Locks are taken
 * in that order too, so a write that must lock after something else reads what locks it: `first`,
 * common table expressions at the statement's top (e.g. a row locked before any other), which a
 * write's `with` may name.
 */
export function writesStatement(
  writes: readonly StatementWrite[],
  first?: { with: string; params: unknown[] },
): { sql: string; params: unknown[] } {
  const parts: string[] = first ? [first.with] : [];
  const params: unknown[] = first ? [...first.params] : [];
  writes.forEach((w, i) => {
    if (w.with) {
      parts.push(w.with);
      params.push(...(w.withParams ?? []));
    }
    parts.push(`w${i} as (${w.sql})`);
    params.push(...w.params);
  });
  return { sql: `with ${parts.join(', ')} select 1`, params };
}
