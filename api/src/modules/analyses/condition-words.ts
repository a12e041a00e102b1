// Analyses in words, for report names, access requests and the audit log: what a member asked for,
// readable by the other members without knowing the condition tree's JSON. A token literal is
// "a given value": the token itself means nothing to a reader (and is nobody's business).
import type { ConditionNode, Leaf } from './join-condition';

export type SetNames = { 1: string; 2?: string };

const OPS: Record<string, string> = {
  '=': 'is',
  '!=': 'is not',
  '<': 'is under',
  '<=': 'is at most',
  '>': 'is over',
  '>=': 'is at least',
};

const value = (v: string | number) => (typeof v === 'number' ? String(v) : `"${v}"`);

function leafWords(l: Leaf, names: SetNames): string {
  const of = (set: 1 | 2, column: string) => `${column} of ${names[set] ?? `set ${set}`}`;
  if (l.kind === 'join') return `${of(1, l.a.name)} matches ${of(2, l.b.name)}`;
  if (l.kind === 'token') return `${of(l.ref.set, l.ref.column.name)} is a given value`;
  const cell = of(l.ref.set, l.ref.column.name);
  if (l.value === null) return `${cell} ${l.op === '=' ? 'is empty' : 'is not empty'}`;
  return `${cell} ${OPS[l.op]} ${value(l.value)}`;
}

/** A condition tree in words: `email of A matches email of B and (age of B is over 30 or ...)`. */
export function conditionWords(node: ConditionNode, names: SetNames, nested = false): string {
  if (node.kind !== 'group') return leafWords(node, names);
  const parts = node.children.map((c) => conditionWords(c, names, true));
  const text = parts.join(` ${node.op} `);
  return nested && parts.length > 1 ? `(${text})` : text;
}

/** What a report (or a request for one) holds: `A alone` or `A joined with B where ...`. */
export function reportWords(names: SetNames, condition: ConditionNode | null): string {
  if (!names[2]) return `${names[1]} alone`;
  return `${names[1]} joined with ${names[2]}${condition ? ` where ${conditionWords(condition, names)}` : ''}`;
}

/** A list in words: `a`, `a and b`, `a, b and c`. */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? 'nothing';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
