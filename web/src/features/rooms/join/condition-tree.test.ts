import { describe, expect, it } from 'vitest';
import {
  addChild,
  canAddGroup,
  defaultLeaf,
  emptyGroup,
  removeNode,
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
    expect(validateTree(emptyGroup(), sets).get('')).toBe('A join needs at least one match of join keys.');
  });
});
