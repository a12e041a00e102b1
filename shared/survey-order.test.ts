import { describe, expect, it } from 'vitest';
import { blocksOf, orderProblem, presentedOrder, randomisationProblems, type OrderQuestion } from './survey-order';

const q = (id: string, extra: Partial<OrderQuestion> = {}): OrderQuestion => ({
  id,
  title: `Q ${id}`,
  type: 'radios',
  options: ['a', 'b', 'c', 'd'],
  ...extra,
});
// a fixed question, a shuffled block of three (the middle one shuffles its choices), a fixed block
const SURVEY = [
  q('1'),
  q('2', { block: { shuffle: true } }),
  q('3', { shuffleOptions: true }),
  q('4'),
  q('5', { block: { shuffle: false } }),
];

describe('survey order', () => {
  it('splits the survey into blocks', () => {
    expect(blocksOf(SURVEY)).toEqual([
      { start: 0, end: 1, shuffle: false },
      { start: 1, end: 4, shuffle: true },
      { start: 4, end: 5, shuffle: false },
    ]);
  });

  it('shuffles within blocks only, the same way for the same seed', () => {
    const orders = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const order = presentedOrder(SURVEY, `device-${i}`);
      expect(order).toEqual(presentedOrder(SURVEY, `device-${i}`));
      expect(order.questions[0]).toBe('1');
      expect(order.questions[4]).toBe('5');
      expect([...order.questions.slice(1, 4)].sort()).toEqual(['2', '3', '4']);
      expect(Object.keys(order.options)).toEqual(['3']);
      expect([...order.options['3']].sort()).toEqual(['a', 'b', 'c', 'd']);
      expect(orderProblem(SURVEY, order)).toBeNull();
      orders.add(JSON.stringify(order));
    }
    expect(orders.size).toBeGreaterThan(10);
  });

  it('names the question of an order that cannot have been shown', () => {
    const good = { questions: ['1', '4', '2', '3', '5'], options: { '3': ['d', 'c', 'b', 'a'] } };
    expect(orderProblem(SURVEY, good)).toBeNull();
    const cases: [object, RegExp][] = [
      [{ ...good, questions: ['2', '1', '4', '3', '5'] }, /"Q 2" is not where its block is shown/],
      [{ ...good, questions: ['1', '4', '2', '3'] }, /"Q 5" is not where its block is shown/],
      [{ ...good, questions: ['1', '4', '4', '3', '5'] }, /"Q 4" is shown twice|"Q 2"/],
      [{ ...good, options: {} }, /"Q 3" shuffles its choices: send the order shown/],
      [{ ...good, options: { ...good.options, '2': ['a', 'b', 'c', 'd'] } }, /"Q 2" does not shuffle its choices/],
      [{ ...good, options: { '3': ['a', 'b', 'c', 'c'] } }, /the choices of "Q 3" shown are not its choices/],
    ];
    for (const [order, message] of cases) expect(orderProblem(SURVEY, order as never)).toMatch(message);
    const fixed = [q('1'), q('2', { block: { shuffle: false } }), q('3')];
    expect(orderProblem(fixed, { questions: ['1', '3', '2'], options: {} })).toMatch(
      /"Q 2" is in a block that is not shuffled/,
    );
  });

  it('refuses logic that a shuffle could break', () => {
    const eq = (question: number) => ({
      match: 'all' as const,
      conditions: [{ question, op: 'equals' as const, values: ['a'] }],
    });
    const at = (i: number, extra: object) => SURVEY.map((x, j) => (j === i ? { ...x, ...extra } : x));
    expect(randomisationProblems(at(3, { logic: { showIf: eq(0) } }))).toEqual([]);
    expect(randomisationProblems(at(3, { logic: { showIf: eq(1) } }))[0].message).toMatch(
      /Question 4: its logic uses question 2 of the same shuffled block/,
    );
    expect(randomisationProblems(at(2, { title: 'After {{q2}}' }))[0].message).toMatch(/uses question 2/);
    expect(randomisationProblems(at(1, { logic: { skip: { when: eq(1), to: 4 } } }))[0].message).toMatch(
      /only the last question may skip/,
    );
    expect(randomisationProblems(at(3, { logic: { skip: { when: eq(3), to: 4 } } }))).toEqual([]);
    expect(randomisationProblems(at(0, { logic: { skip: { when: eq(0), to: 2 } } }))[0].message).toMatch(
      /lands inside a shuffled block: go to its first question \(2\)/,
    );
    expect(randomisationProblems(at(4, { type: 'stars', shuffleOptions: true }))[0].message).toMatch(
      /can shuffle their choices/,
    );
  });
});
