import { describe, expect, it } from 'vitest';
import {
  addChild,
  canAddGroup,
  defaultLeaf,
  emptyGroup,
  removeNode,
  toSqlWhere,
  validateTree,
  type BuilderSets,
  type CompareLeaf,
} from './condition-tree';

const sets: BuilderSets = {
  A: [
    { name: 'email', role: 'join', domain: 'email' },
    { name: 'age', role: 'clear', domain: null },
    { name: 'name', role: 'sealed', domain: null },
  ],
  B: [
    { name: 'mail', role: 'join', domain: 'email' },
    { name: 'phone', role: 'join', domain: 'phone' },
  ],
};

describe('condition tree', () => {
  it('nests groups at most three levels deep', () => {
    let root = emptyGroup();
    const second = emptyGroup('OR');
    const third = emptyGroup();
    root = addChild(root, root.id, second);
    root = addChild(root, second.id, third);
    expect(canAddGroup(root, root.id)).toBe(true);
    expect(canAddGroup(root, second.id)).toBe(true);
    expect(canAddGroup(root, third.id)).toBe(false);
    expect(() => addChild(root, third.id, emptyGroup())).toThrow('groups nest at most 3 levels');
  });

  it('starts with a match of join keys sharing a domain', () => {
    expect(defaultLeaf(sets)).toMatchObject({ kind: 'match', left: 'email', right: 'mail' });
  });

  it('reports each problem on its node', () => {
    let root = emptyGroup();
    const match = defaultLeaf(sets);
    const crossDomain = { ...defaultLeaf(sets), right: 'phone' };
    const sealedCompare: CompareLeaf = {
      kind: 'compare',
      id: 'x1',
      side: 'A',
      column: 'name',
      operator: '=',
      value: 'a',
    };
    const emptyValue: CompareLeaf = { ...sealedCompare, id: 'x2', column: 'age', value: ' ' };
    const inner = emptyGroup('OR');
    for (const leaf of [match, crossDomain, sealedCompare, emptyValue]) root = addChild(root, root.id, leaf);
    root = addChild(root, root.id, inner);
    const problems = validateTree(root, sets);
    expect(problems.get(match.id)).toBeUndefined();
    expect(problems.get(crossDomain.id)).toBe('Join keys of different domains (email, phone) never match.');
    expect(problems.get('x1')).toBe('Only clear columns can be compared with a value.');
    expect(problems.get('x2')).toBe('Enter a value.');
    expect(problems.get(inner.id)).toBe('Add a condition to this group, or remove it.');
    expect(problems.has('')).toBe(false);
    expect(validateTree(removeNode(root, match.id), sets).get(crossDomain.id)).toBeDefined();
    expect(validateTree(emptyGroup(), sets).get('')).toBe(
      'Every OR branch needs a match of join keys between the two data sets.',
    );
  });

  it('needs a match in every OR branch', () => {
    const compare: CompareLeaf = { kind: 'compare', id: 'x3', side: 'A', column: 'age', operator: '>', value: '30' };
    let or = emptyGroup('OR');
    or = addChild(or, or.id, defaultLeaf(sets));
    or = addChild(or, or.id, compare);
    expect(validateTree(or, sets).has('')).toBe(true);
    // (match AND age > 30) OR match
    let and = emptyGroup('AND');
    and = addChild(and, and.id, defaultLeaf(sets));
    and = addChild(and, and.id, compare);
    let root = emptyGroup('OR');
    root = addChild(root, root.id, and);
    root = addChild(root, root.id, defaultLeaf(sets));
    expect(validateTree(root, sets).size).toBe(0);
  });

  it('becomes the JSON tree the server accepts, with literals as numbers or tokens', async () => {
    let inner = emptyGroup('OR');
    inner = addChild(inner, inner.id, {
      kind: 'compare',
      id: 'a',
      side: 'A',
      column: 'age',
      operator: '>=',
      value: ' 30 ',
    });
    inner = addChild(inner, inner.id, { kind: 'equals', id: 'b', side: 'B', column: 'phone', value: '+44 1' });
    let root = emptyGroup('AND');
    root = addChild(root, root.id, defaultLeaf(sets));
    root = addChild(root, root.id, inner);
    const tree = await toSqlWhere(root, async (side, column, value) => `token(${side},${column},${value})`);
    expect(tree).toEqual({
      op: 'and',
      conditions: [
        { left: { set: 1, column: 'email' }, op: '=', right: { set: 2, column: 'mail' } },
        {
          op: 'or',
          conditions: [
            { left: { set: 1, column: 'age' }, op: '>=', value: 30 },
            { left: { set: 2, column: 'phone' }, op: '=', token: 'token(B,phone,+44 1)' },
          ],
        },
      ],
    });
  });
});
