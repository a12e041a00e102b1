// The join condition tree of joinDatasets / getReport (`sqlWhere`): JSON, never SQL. It is
// validated against the two data sets' column metadata and compiled to SQL whose only variable
// parts are bind parameters ($n); column positions come from our metadata, not from the client.
//
//   node  := group | leaf
//   group := { "op": "and" | "or", "conditions": [node, ...] }            (at most 3 levels)
//   leaf  := { "left": ref, "op": "=", "right": ref }                      join keys, same domain
//          | { "left": ref, "op": "=" | "!=" | "<" | "<=" | ">" | ">=", "value": v }   clear column
//          | { "left": ref, "op": "=", "token": "<base64 16 bytes>" }     join key = a literal
//   ref   := { "set": 1 | 2, "column": "<cleaned column name>" }
import { AppError } from '../../shared/errors';
import { clearColumn, numberColumn, tokenColumn, type DatasetTables } from '../datasets/dataset-tables';
import type { DatasetColumn } from '../datasets/dataset.entity';

export const MAX_DEPTH = 3;
export const MAX_LEAVES = 20;
export const MAX_BRANCHES = 32;
const VALUE_OPS = ['=', '!=', '<', '<=', '>', '>='] as const;
type ValueOp = (typeof VALUE_OPS)[number];

export type Ref = { set: 1 | 2; column: DatasetColumn };
export type Leaf =
  | { kind: 'join'; a: DatasetColumn; b: DatasetColumn }
  | { kind: 'value'; ref: Ref; op: ValueOp; value: string | number | null }
  | { kind: 'token'; ref: Ref; token: Buffer };
export type ConditionNode = Leaf | { kind: 'group'; op: 'and' | 'or'; children: ConditionNode[] };
type Node = ConditionNode;
export type ConditionSets = { 1: DatasetColumn[]; 2: DatasetColumn[] };

/**
 * `sqlWhere` as a command carries it (analyses.schemas.ts `condition`), or as an access request
 * stored it: a JSON condition tree, or JSON text of one, not yet checked. parseCondition checks it
 * here rather than in the command's schema because the checks need the data sets' columns, and a
 * bad tree answers with this API's codes (SQL_NOT_ALLOWED, UNKNOWN_COLUMN, ...), first problem first.
 */
export type ConditionSource = unknown;

const SQLISH =
  /(\b(select|insert|update|delete|drop|union|where|from|join|exec|truncate|alter|create)\b|;|--|\/\*|\b(and|or)\b\s|=|')/i;

const fail = (
  code: 'CONDITION_TOO_DEEP' | 'UNKNOWN_COLUMN' | 'DOMAIN_MISMATCH' | 'SQL_NOT_ALLOWED' | 'INVALID_CONDITION',
  message: string,
) => new AppError(code, message);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function sqlText(where: string): AppError {
  return fail('SQL_NOT_ALLOWED', `${where}: sqlWhere takes a JSON condition tree, never SQL text`);
}

/** Parses `sqlWhere` (a JSON tree, or JSON text of one) into a validated tree. */
export function parseCondition(sqlWhere: ConditionSource, sets: ConditionSets): Node {
  let tree = sqlWhere;
  if (typeof sqlWhere === 'string') {
    try {
      tree = JSON.parse(sqlWhere) as unknown;
    } catch {
      throw SQLISH.test(sqlWhere) ? sqlText('sqlWhere') : fail('INVALID_CONDITION', 'sqlWhere: not valid JSON');
    }
    if (typeof tree === 'string') {
      throw SQLISH.test(tree) ? sqlText('sqlWhere') : fail('INVALID_CONDITION', 'sqlWhere: expected a JSON object');
    }
  }
  if (tree === undefined || tree === null) throw fail('INVALID_CONDITION', 'sqlWhere: a join needs a condition');
  let leaves = 0;
  const walk = (v: unknown, path: string, depth: number): Node => {
    if (typeof v === 'string')
      throw SQLISH.test(v) ? sqlText(path) : fail('INVALID_CONDITION', `${path}: expected an object`);
    if (!isObject(v)) throw fail('INVALID_CONDITION', `${path}: expected a group or a comparison object`);
    if ('conditions' in v) {
      if (depth > MAX_DEPTH) throw fail('CONDITION_TOO_DEEP', `${path}: conditions nest at most ${MAX_DEPTH} levels`);
      onlyKeys(v, ['op', 'conditions'], path);
      const op = typeof v.op === 'string' ? v.op.toLowerCase() : v.op;
      if (op !== 'and' && op !== 'or') throw fail('INVALID_CONDITION', `${path}.op: "and" or "or"`);
      if (!Array.isArray(v.conditions) || v.conditions.length === 0 || v.conditions.length > MAX_LEAVES)
        throw fail('INVALID_CONDITION', `${path}.conditions: 1-${MAX_LEAVES} conditions`);
      return {
        kind: 'group',
        op,
        children: v.conditions.map((c, i) => walk(c, `${path}.conditions.${i}`, depth + 1)),
      };
    }
    if (++leaves > MAX_LEAVES) throw fail('INVALID_CONDITION', `sqlWhere: at most ${MAX_LEAVES} comparisons`);
    return leaf(v, path, sets);
  };
  return walk(tree, 'sqlWhere', 1);
}

function onlyKeys(v: Record<string, unknown>, allowed: string[], path: string) {
  for (const k of Object.keys(v)) {
    if (!allowed.includes(k)) {
      if (SQLISH.test(k) || /^(sql|raw|where|expr|expression|query)$/i.test(k)) throw sqlText(`${path}.${k}`);
      throw fail('INVALID_CONDITION', `${path}: unknown field "${k}"`);
    }
  }
}

function ref(v: unknown, path: string, sets: ConditionSets): Ref {
  if (!isObject(v)) throw fail('INVALID_CONDITION', `${path}: expected { set: 1 | 2, column }`);
  onlyKeys(v, ['set', 'column'], path);
  if (v.set !== 1 && v.set !== 2) throw fail('INVALID_CONDITION', `${path}.set: 1 or 2`);
  if (typeof v.column !== 'string') throw fail('INVALID_CONDITION', `${path}.column: a column name`);
  if (!/^[A-Za-z0-9]{1,64}$/.test(v.column)) {
    if (SQLISH.test(v.column)) throw sqlText(`${path}.column`);
    throw fail('UNKNOWN_COLUMN', `${path}.column: no such column in data set ${v.set}`);
  }
  const name = v.column.toLowerCase();
  const column = sets[v.set].find((c) => c.name.toLowerCase() === name);
  if (!column) throw fail('UNKNOWN_COLUMN', `${path}.column: data set ${v.set} has no column "${v.column}"`);
  return { set: v.set, column };
}

function leaf(v: Record<string, unknown>, path: string, sets: ConditionSets): Leaf {
  if ('right' in v) {
    onlyKeys(v, ['left', 'op', 'right'], path);
    if (v.op !== '=') throw fail('INVALID_CONDITION', `${path}.op: join keys compare with "=" only`);
    const l = ref(v.left, `${path}.left`, sets);
    const r = ref(v.right, `${path}.right`, sets);
    if (l.set === r.set)
      throw fail('INVALID_CONDITION', `${path}: a join compares a column of set 1 with one of set 2`);
    for (const x of [l, r]) {
      if (x.column.role !== 'join')
        throw fail(
          'INVALID_CONDITION',
          `${path}: "${x.column.name}" is not a join key (only join keys compare across sets)`,
        );
    }
    if (l.column.domain !== r.column.domain)
      throw fail(
        'DOMAIN_MISMATCH',
        `${path}: "${l.column.name}" (domain ${l.column.domain}) and "${r.column.name}" (domain ${r.column.domain}) have different join domains; their tokens never match`,
      );
    const [a, b] = l.set === 1 ? [l.column, r.column] : [r.column, l.column];
    return { kind: 'join', a, b };
  }
  if ('token' in v) {
    onlyKeys(v, ['left', 'op', 'token'], path);
    if (v.op !== '=') throw fail('INVALID_CONDITION', `${path}.op: a token compares with "=" only`);
    const l = ref(v.left, `${path}.left`, sets);
    if (l.column.role !== 'join') throw fail('INVALID_CONDITION', `${path}: "${l.column.name}" is not a join key`);
    if (typeof v.token !== 'string' || !/^[A-Za-z0-9+/]{22}==$/.test(v.token))
      throw fail('INVALID_CONDITION', `${path}.token: a base64 16-byte token`);
    return { kind: 'token', ref: l, token: Buffer.from(v.token, 'base64') };
  }
  onlyKeys(v, ['left', 'op', 'value'], path);
  if (!('value' in v)) throw fail('INVALID_CONDITION', `${path}: a comparison needs "right", "value" or "token"`);
  const l = ref(v.left, `${path}.left`, sets);
  if (l.column.role !== 'clear')
    throw fail(
      'INVALID_CONDITION',
      `${path}: "${l.column.name}" is ${l.column.role === 'join' ? 'a join key (compare it with a token)' : 'sealed and cannot be compared'}`,
    );
  if (!VALUE_OPS.includes(v.op as ValueOp))
    throw fail('INVALID_CONDITION', `${path}.op: one of ${VALUE_OPS.join(' ')}`);
  const value = v.value;
  if (value !== null && typeof value !== 'string' && !(typeof value === 'number' && Number.isFinite(value)))
    throw fail('INVALID_CONDITION', `${path}.value: a string, a finite number or null`);
  if (typeof value === 'string' && value.length > 1000) throw fail('INVALID_CONDITION', `${path}.value: too long`);
  if (value === null && v.op !== '=' && v.op !== '!=')
    throw fail('INVALID_CONDITION', `${path}: null compares with = or != only`);
  return { kind: 'value', ref: l, op: v.op as ValueOp, value };
}

/** OR of ANDs: the alternatives (branches) of a condition, each a conjunction of comparisons. */
export function dnf(node: Node): Leaf[][] {
  if (node.kind !== 'group') return [[node]];
  const parts = node.children.map(dnf);
  if (node.op === 'or') {
    const all = parts.flat();
    if (all.length > MAX_BRANCHES) throw tooMany();
    return all;
  }
  let acc: Leaf[][] = [[]];
  for (const p of parts) {
    const next: Leaf[][] = [];
    for (const x of acc) for (const y of p) next.push([...x, ...y]);
    if (next.length > MAX_BRANCHES) throw tooMany();
    acc = next;
  }
  return acc;
}

const tooMany = () =>
  fail('INVALID_CONDITION', `sqlWhere: the condition expands to more than ${MAX_BRANCHES} alternatives; simplify it`);

type JoinLeaf = Extract<Leaf, { kind: 'join' }>;

/** A conjunction of comparisons as a condition tree. */
export const conjunction = (branch: Leaf[]): Node =>
  branch.length === 1 ? branch[0] : { kind: 'group', op: 'and', children: branch };

export const leaves = (n: Node): Leaf[] => (n.kind === 'group' ? n.children.flatMap(leaves) : [n]);

/** The condition as JSON, the way it is stored with a report (JSON text parsed once). */
export function conditionJson(sqlWhere: ConditionSource): unknown {
  return typeof sqlWhere === 'string' ? (JSON.parse(sqlWhere) as unknown) : sqlWhere;
}

/** A condition over one data set: comparisons of its columns with values (no join leaves). */
export function parseFilter(sqlWhere: ConditionSource, columns: DatasetColumn[]): Node {
  const tree = parseCondition(sqlWhere, { 1: columns, 2: [] });
  if (leaves(tree).some((l) => l.kind === 'join'))
    throw fail('INVALID_CONDITION', 'sqlWhere: a condition over one data set compares its columns with values');
  return tree;
}

type Params = { params: unknown[]; p: (v: unknown, cast?: string) => string };

const newParams = (): Params => {
  const params: unknown[] = [];
  return {
    params,
    p: (v, cast = '') => {
      params.push(v);
      return `$${params.length}${cast}`;
    },
  };
};

/**
 * SQL of one leaf over rows tables aliased `a` (set 1) and `b` (set 2): join tokens compare as
 * typed bytea columns, a number with the cell's number (a cell that is no number, or empty, never
 * matches: see numericSpan in chunk-rows.ts), text and null with the cell as uploaded.
 */
function leafSql(l: Leaf, { p }: Params): string {
  if (l.kind === 'join') return `a.${tokenColumn(l.a.tokenIndex)} = b.${tokenColumn(l.b.tokenIndex)}`;
  const alias = l.ref.set === 1 ? 'a' : 'b';
  if (l.kind === 'token') return `${alias}.${tokenColumn(l.ref.column.tokenIndex)} = ${p(l.token, '::bytea')}`;
  const op = l.op === '!=' ? '<>' : l.op;
  const cell = `${alias}.${clearColumn(l.ref.column.clearIndex)}`;
  if (l.value === null) return `${cell} is ${l.op === '=' ? '' : 'not '}null`;
  if (typeof l.value === 'number')
    return `${alias}.${numberColumn(l.ref.column.clearIndex)} ${op} ${p(String(l.value), '::numeric')}`;
  return `${cell} ${op} ${p(l.value, '::text')}`;
}

const nodeSql = (n: Node, params: Params): string =>
  n.kind === 'group' ? `(${n.children.map((c) => nodeSql(c, params)).join(` ${n.op} `)})` : leafSql(n, params);

/**
 * SQL of the rows of one data set (table `a`) that a filter keeps, selecting `row_no` and the
 * expressions `select` adds (over `a`); no filter: every row.
 */
export function compileFilter(
  node: Node | null,
  a: DatasetTables,
  select: (p: Params['p']) => string[] = () => [],
): { sql: string; params: unknown[] } {
  const params = newParams();
  const extra = select(params.p);
  const where = node ? ` where ${nodeSql(node, params)}` : '';
  return { sql: `select ${['a.row_no as ra', ...extra].join(', ')} from ${a.rows} a${where}`, params: params.params };
}

/**
 * SQL selecting the matching (ra, rb) row-number pairs of sets A and B (their rows tables `a` and
 * `b`), plus the expressions `select` adds over them. A join-key equality at the top level (alone,
 * or in the top AND group) drives one join and the rest of the tree, ORs included, filters its
 * pairs. Otherwise each alternative of the tree's OR-of-ANDs form is such a join, and the
 * alternatives are combined with UNION.
 */
export function compilePairs(
  node: Node,
  a: DatasetTables,
  b: DatasetTables,
  select?: (p: Params['p']) => string[],
): { sql: string; params: unknown[] } {
  const params = newParams();
  const { p } = params;

  const branch = (drive: JoinLeaf, rest: Node[]): string => {
    const where = rest.map((n) => nodeSql(n, params));
    const columns = ['a.row_no as ra', 'b.row_no as rb', ...(select ? select(p) : [])];
    return [
      `select ${columns.join(', ')}`,
      `from ${a.rows} a join ${b.rows} b on b.${tokenColumn(drive.b.tokenIndex)} = a.${tokenColumn(drive.a.tokenIndex)}`,
      where.length ? `where ${where.join(' and ')}` : '',
    ]
      .filter(Boolean)
      .join(' ');
  };
  if (node.kind === 'join') return { sql: branch(node, []), params: params.params };
  if (node.kind === 'group' && node.op === 'and') {
    const drive = node.children.find((c): c is JoinLeaf => c.kind === 'join');
    if (drive)
      return {
        sql: branch(
          drive,
          node.children.filter((c) => c !== drive),
        ),
        params: params.params,
      };
  }
  const branches = dnf(node).map((conj) => {
    const drive = conj.find((l): l is JoinLeaf => l.kind === 'join');
    if (!drive)
      throw fail(
        'INVALID_CONDITION',
        'sqlWhere: every alternative (OR branch) needs a join-key equality between set 1 and set 2',
      );
    return branch(
      drive,
      conj.filter((l) => l !== drive),
    );
  });
  return {
    sql: branches.length === 1 ? branches[0] : branches.map((sql) => `(${sql})`).join(' union '),
    params: params.params,
  };
}
