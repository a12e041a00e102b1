import { describe, expect, it } from 'vitest';
import { conditionWords, listWords, reportWords } from './condition-words';
import type { ConditionNode, Ref } from './join-condition';

const column = (name: string) => ({ name }) as Ref['column'];
const ref = (set: 1 | 2, name: string): Ref => ({ set, column: column(name) });
const names = { 1: 'Customers', 2: 'Orders' } as const;

describe('a condition in words', () => {
  it('reads a join, comparisons, empty checks and a token as "a given value"', () => {
    const tree: ConditionNode = {
      kind: 'group',
      op: 'and',
      children: [
        { kind: 'join', a: column('email'), b: column('mail') },
        {
          kind: 'group',
          op: 'or',
          children: [
            { kind: 'value', ref: ref(2, 'age'), op: '>', value: 60 },
            { kind: 'value', ref: ref(2, 'city'), op: '!=', value: 'Accra' },
            { kind: 'value', ref: ref(1, 'phone'), op: '=', value: null },
          ],
        },
        { kind: 'token', ref: ref(1, 'email'), token: Buffer.alloc(16, 7) },
        { kind: 'value', ref: ref(2, 'note'), op: '!=', value: null },
      ],
    };
    expect(conditionWords(tree, names)).toBe(
      'email of Customers matches mail of Orders and (age of Orders is over 60 or city of Orders is not "Accra" or ' +
        'phone of Customers is empty) and email of Customers is a given value and note of Orders is not empty',
    );
  });

  it('names every operator, and a set without a name by its number', () => {
    const ops = ['=', '!=', '<', '<=', '>', '>='] as const;
    const words = ops.map((op) => conditionWords({ kind: 'value', ref: ref(2, 'age'), op, value: 5 }, { 1: 'A' }));
    expect(words).toEqual([
      'age of set 2 is 5',
      'age of set 2 is not 5',
      'age of set 2 is under 5',
      'age of set 2 is at most 5',
      'age of set 2 is over 5',
      'age of set 2 is at least 5',
    ]);
  });

  it('leaves a lone group unbracketed, and never shows the token itself', () => {
    const one: ConditionNode = {
      kind: 'group',
      op: 'or',
      children: [
        { kind: 'group', op: 'and', children: [{ kind: 'token', ref: ref(1, 'id'), token: Buffer.from('secret') }] },
      ],
    };
    const text = conditionWords(one, names);
    expect(text).toBe('id of Customers is a given value');
    expect(text).not.toContain('secret');
  });
});

describe('a report in words', () => {
  it('is one set alone, or a join with its condition', () => {
    expect(reportWords({ 1: 'Customers' }, null)).toBe('Customers alone');
    expect(reportWords(names, null)).toBe('Customers joined with Orders');
    expect(reportWords(names, { kind: 'join', a: column('email'), b: column('email') })).toBe(
      'Customers joined with Orders where email of Customers matches email of Orders',
    );
  });

  it('lists items as a sentence', () => {
    expect(listWords([])).toBe('nothing');
    expect(listWords(['a'])).toBe('a');
    expect(listWords(['a', 'b'])).toBe('a and b');
    expect(listWords(['a', 'b', 'c'])).toBe('a, b and c');
  });
});
