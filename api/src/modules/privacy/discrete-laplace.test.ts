import { describe, expect, it } from 'vitest';
import { discreteLaplaceHalfWidth, discreteLaplaceProbability, sampleDiscreteLaplace } from './discrete-laplace';
import { seeded } from '../../../../test/api/support/seeded-noise';

// The sampler behind the noisy answers of rooms with differential privacy (test/api/rooms-attacks.test.ts
// plays the attacks over HTTP). Pure arithmetic: no server, no database.

describe('the discrete Laplace sampler', () => {
  // Pearson's chi-square against the exact probabilities of -10..10 and the two tails: 22 degrees
  // of freedom, critical value 48.27 at a false alarm rate of 0.001 (one run in a thousand of a
  // correct sampler fails); with the fixed seeds it passes or fails the same way every run.
  const CRITICAL_22_DF = 48.268;
  for (const [s, t, seed] of [
    [1, 3, 'scale 3'],
    [3, 10, 'scale 10/3'],
    [7, 2, 'scale 2/7'],
  ] as const)
    it(`matches the exact distribution at ${seed} (chi-square, 40,000 draws)`, () => {
      const random = seeded(seed);
      const n = 40_000;
      const counts = new Map<number, number>();
      for (let i = 0; i < n; i++) {
        const x = Math.max(-11, Math.min(11, sampleDiscreteLaplace(random, s, t)));
        counts.set(x, (counts.get(x) ?? 0) + 1);
      }
      let chi = 0;
      for (let x = -11; x <= 11; x++) {
        const p =
          Math.abs(x) === 11
            ? 1 / 2 - discreteLaplaceProbability(0, s, t) / 2 - sum(1, 10, (y) => discreteLaplaceProbability(y, s, t))
            : discreteLaplaceProbability(x, s, t);
        const expected = n * p;
        chi += ((counts.get(x) ?? 0) - expected) ** 2 / expected;
      }
      expect(chi).toBeLessThan(CRITICAL_22_DF);
    });

  it('a wrong sampler fails the same test (the test can fail)', () => {
    const random = seeded('wrong');
    const n = 40_000;
    // a draw of scale 3 tested against scale 10/3: a 10% wider distribution
    const counts = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const x = Math.max(-11, Math.min(11, sampleDiscreteLaplace(random, 1, 3)));
      counts.set(x, (counts.get(x) ?? 0) + 1);
    }
    let chi = 0;
    for (let x = -10; x <= 10; x++) {
      const expected = n * discreteLaplaceProbability(x, 3, 10);
      chi += ((counts.get(x) ?? 0) - expected) ** 2 / expected;
    }
    expect(chi).toBeGreaterThan(CRITICAL_22_DF);
  });

  it('95% intervals: the half-width leaves at most 5% outside', () => {
    for (const [s, t] of [
      [1, 1],
      [1, 10],
      [2, 7],
    ]) {
      const m = discreteLaplaceHalfWidth(s, t, 0.05);
      const inside = (w: number) =>
        discreteLaplaceProbability(0, s, t) + 2 * sum(1, w, (y) => discreteLaplaceProbability(y, s, t));
      expect(1 - inside(m)).toBeLessThanOrEqual(0.05);
      expect(1 - inside(m - 1)).toBeGreaterThan(0.05);
    }
  });
});

const sum = (from: number, to: number, f: (x: number) => number) => {
  let total = 0;
  for (let x = from; x <= to; x++) total += f(x);
  return total;
};
