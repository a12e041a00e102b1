// The join query builder's model (CRYPTO.md s.5): AND/OR groups nested at most three levels
// deep, whose leaves are
//   match:   a join key of set A equals a join key of set B (same join domain),
//   compare: a clear column compared with a literal,
//   equals:  a join key equal to a literal (the browser turns the literal into a token).
// Edits are pure functions returning a new tree, so React state stays immutable.

export const MAX_GROUP_DEPTH = 3;

export type SetSide = 'A' | 'B';
export type Combinator = 'AND' | 'OR';
export const COMPARE_OPERATORS = ['=', '!=', '<', '<=', '>', '>='] as const;
export type CompareOperator = (typeof COMPARE_OPERATORS)[number];

export type MatchLeaf = { kind: 'match'; id: string; left: string; right: string };
export type CompareLeaf = {
  kind: 'compare';
  id: string;
  side: SetSide;
  column: string;
  operator: CompareOperator;
  value: string;
};
export type EqualsLeaf = { kind: 'equals'; id: string; side: SetSide; column: string; value: string };
export type ConditionLeaf = MatchLeaf | CompareLeaf | EqualsLeaf;
export type ConditionGroup = { kind: 'group'; id: string; combinator: Combinator; children: ConditionNode[] };
export type ConditionNode = ConditionGroup | ConditionLeaf;

// What the builder knows of a column of each set.
export type BuilderColumn = { name: string; role: 'clear' | 'join' | 'sealed'; domain: string | null };
export type BuilderSets = Record<SetSide, BuilderColumn[]>;

let counter = 0;
export const newId = () => `c${++counter}`;

export function emptyGroup(combinator: Combinator = 'AND'): ConditionGroup {
  return { kind: 'group', id: newId(), combinator, children: [] };
}

// A sensible first leaf: the first pair of join keys sharing a domain, else an empty match.
export function defaultLeaf(sets: BuilderSets): ConditionLeaf {
  for (const a of sets.A.filter((c) => c.role === 'join')) {
    const b = sets.B.find((c) => c.role === 'join' && c.domain === a.domain);
    if (b) return { kind: 'match', id: newId(), left: a.name, right: b.name };
  }
  return { kind: 'match', id: newId(), left: '', right: '' };
}

// Depth of the group with `id` (the root is 1), or 0 when absent.
export function depthOf(root: ConditionGroup, id: string, depth = 1): number {
  if (root.id === id) return depth;
  for (const child of root.children) {
    if (child.kind !== 'group') continue;
    const found = depthOf(child, id, depth + 1);
    if (found) return found;
  }
  return 0;
}

export function canAddGroup(root: ConditionGroup, groupId: string): boolean {
  const depth = depthOf(root, groupId);
  return depth > 0 && depth < MAX_GROUP_DEPTH;
}

function mapGroup(node: ConditionGroup, id: string, change: (group: ConditionGroup) => ConditionGroup): ConditionGroup {
  if (node.id === id) return change(node);
  return {
    ...node,
    children: node.children.map((child) => (child.kind === 'group' ? mapGroup(child, id, change) : child)),
  };
}

export function addChild(root: ConditionGroup, groupId: string, child: ConditionNode): ConditionGroup {
  if (child.kind === 'group' && !canAddGroup(root, groupId)) {
    throw new Error(`groups nest at most ${MAX_GROUP_DEPTH} levels`);
  }
  return mapGroup(root, groupId, (group) => ({ ...group, children: [...group.children, child] }));
}

export function setCombinator(root: ConditionGroup, groupId: string, combinator: Combinator): ConditionGroup {
  return mapGroup(root, groupId, (group) => ({ ...group, combinator }));
}

export function replaceNode(root: ConditionGroup, node: ConditionNode): ConditionGroup {
  if (root.id === node.id && node.kind === 'group') return node;
  return {
    ...root,
    children: root.children.map((child) =>
      child.id === node.id ? node : child.kind === 'group' ? replaceNode(child, node) : child,
    ),
  };
}

export function removeNode(root: ConditionGroup, id: string): ConditionGroup {
  return {
    ...root,
    children: root.children
      .filter((child) => child.id !== id)
      .map((child) => (child.kind === 'group' ? removeNode(child, id) : child)),
  };
}

// Problems a person can fix, keyed by node id ('' for the tree as a whole).
export function validateTree(root: ConditionGroup, sets: BuilderSets): Map<string, string> {
  const problems = new Map<string, string>();
  const column = (side: SetSide, name: string) => sets[side].find((c) => c.name === name);
  const visit = (node: ConditionNode, depth: number) => {
    if (node.kind === 'group') {
      if (depth > MAX_GROUP_DEPTH) problems.set(node.id, `Groups nest at most ${MAX_GROUP_DEPTH} levels.`);
      if (node.children.length === 0) problems.set(node.id, 'Add a condition to this group, or remove it.');
      for (const child of node.children) visit(child, depth + 1);
      return;
    }
    if (node.kind === 'match') {
      const a = column('A', node.left);
      const b = column('B', node.right);
      if (!a || !b) problems.set(node.id, 'Choose a join key of each data set.');
      else if (a.role !== 'join' || b.role !== 'join') problems.set(node.id, 'Only join keys can be matched.');
      else if (a.domain !== b.domain) {
        problems.set(node.id, `Join keys of different domains (${a.domain}, ${b.domain}) never match.`);
      }
      return;
    }
    const col = column(node.side, node.column);
    if (!col) problems.set(node.id, 'Choose a column.');
    else if (node.kind === 'compare' && col.role !== 'clear') {
      problems.set(node.id, 'Only clear columns can be compared with a value.');
    } else if (node.kind === 'equals' && col.role !== 'join') {
      problems.set(node.id, 'Only join keys can be looked up by value.');
    } else if (node.value.trim() === '') problems.set(node.id, 'Enter a value.');
  };
  visit(root, 1);
  if (!everyBranchMatches(root)) {
    problems.set('', 'Every OR branch needs a match of join keys between the two data sets.');
  }
  return problems;
}

// Read as OR-of-ANDs, each branch must hold a match of join keys, or the join would pair every
// row with every row (the server refuses that too).
function everyBranchMatches(node: ConditionNode): boolean {
  if (node.kind === 'match') return true;
  if (node.kind !== 'group' || node.children.length === 0) return false;
  return node.combinator === 'AND' ? node.children.some(everyBranchMatches) : node.children.every(everyBranchMatches);
}

// The server's JSON tree (`sqlWhere`, never SQL):
//   { op: 'and'|'or', conditions } | { left, op: '=', right } | { left, op, value } | { left, op: '=', token }
// with refs { set: 1|2, column }. `tokenFor` turns an equals-literal into its base64 join token.
export type SqlWhere =
  | { op: 'and' | 'or'; conditions: SqlWhere[] }
  | { left: ColumnRef; op: '='; right: ColumnRef }
  | { left: ColumnRef; op: CompareOperator; value: string | number }
  | { left: ColumnRef; op: '='; token: string };
type ColumnRef = { set: 1 | 2; column: string };

const ref = (side: SetSide, column: string): ColumnRef => ({ set: side === 'A' ? 1 : 2, column });

export async function toSqlWhere(
  node: ConditionNode,
  tokenFor: (side: SetSide, column: string, value: string) => Promise<string>,
): Promise<SqlWhere> {
  switch (node.kind) {
    case 'group':
      return {
        op: node.combinator === 'AND' ? 'and' : 'or',
        conditions: await Promise.all(node.children.map((child) => toSqlWhere(child, tokenFor))),
      };
    case 'match':
      return { left: ref('A', node.left), op: '=', right: ref('B', node.right) };
    case 'compare': {
      // numbers compare numerically on the server; anything else as text
      const trimmed = node.value.trim();
      const value = /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : node.value;
      return { left: ref(node.side, node.column), op: node.operator, value };
    }
    case 'equals':
      return { left: ref(node.side, node.column), op: '=', token: await tokenFor(node.side, node.column, node.value) };
  }
}
