// Noise calibrated to a value's sensitivity, from the exact discrete Laplace sampler. Counts are
// integers; sums are put on a grid a thousandth of their sensitivity wide first, so that every
// output is a grid point plus integer noise and no low bits of the true value show through.
import { MICROS } from '../datasets/dataset.entity';
import { discreteLaplaceHalfWidth, sampleDiscreteLaplace, type RandomSource } from './discrete-laplace';

export type Noised = { value: number; low: number; high: number };

/** The grid a sum of sensitivity `sensitivity` is rounded to (1 for counts). */
export function gridOf(sensitivity: number): number {
  if (Number.isInteger(sensitivity) && sensitivity <= 1000) return 1;
  return 10 ** (Math.floor(Math.log10(sensitivity)) - 3);
}

const onGrid = (x: number, grid: number) => (grid >= 1 ? Math.round(x) : Number(x.toFixed(-Math.log10(grid))));

/**
 * `value` plus discrete Laplace noise for `epsilonMicros` (micro-epsilon) of privacy, with the
 * interval that holds the true value with probability at least 1 - alpha. One row changes the
 * value by at most `sensitivity`; on the grid, by at most ceil(sensitivity / grid) + 1 (rounding).
 */
export function addNoise(
  value: number,
  sensitivity: number,
  epsilonMicros: number,
  random: RandomSource,
  alpha = 0.05,
): Noised {
  if (!(sensitivity > 0) || !(epsilonMicros >= 1))
    throw new RangeError('noise needs a positive sensitivity and epsilon');
  const grid = gridOf(sensitivity);
  const units = grid === 1 ? Math.round(value) : Math.round(value / grid);
  const sensitivityUnits = grid === 1 ? Math.ceil(sensitivity) : Math.ceil(sensitivity / grid) + 1;
  // scale t / s = sensitivityUnits / epsilon, epsilon = epsilonMicros / MICROS
  const s = Math.floor(epsilonMicros);
  const t = sensitivityUnits * MICROS;
  const noisy = units + sampleDiscreteLaplace(random, s, t);
  const m = discreteLaplaceHalfWidth(s, t, alpha);
  return {
    value: onGrid(noisy * grid, grid),
    low: onGrid((noisy - m) * grid, grid),
    high: onGrid((noisy + m) * grid, grid),
  };
}

/** A noisy count cannot be negative: clamping is post-processing and costs no privacy. */
export const nonNegative = (n: Noised): Noised => ({
  value: Math.max(0, n.value),
  low: Math.max(0, n.low),
  high: Math.max(0, n.high),
});
