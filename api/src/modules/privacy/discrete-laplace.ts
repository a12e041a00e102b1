// An exact sampler of the discrete Laplace distribution, after Canonne, Kamath and Steinke, "The
// Discrete Gaussian for Differential Privacy" (2020), Algorithms 1 and 2: only integer arithmetic
// and uniform integers, no floating point. Floating-point Laplace noise leaks the true value through
// the low bits of its output (Mironov 2012); integer noise on an integer (or a grid) value does not.
// Our own code because no package on the lists implements it over an injectable random source; the
// goodness-of-fit test in discrete-laplace.test.ts checks it against the exact probabilities.
import { randomInt } from 'node:crypto';

/** A uniform integer in [0, n), n at most 2^48: crypto.randomInt in production, seeded in tests. */
export type RandomSource = (n: number) => number;

export const cryptoRandom: RandomSource = (n) => randomInt(n);

const MAX_UNIFORM = 2 ** 48;

function uniform(random: RandomSource, n: number): number {
  if (!Number.isSafeInteger(n) || n < 1 || n > MAX_UNIFORM) throw new RangeError(`uniform range ${n} out of bounds`);
  return random(n);
}

/** Bernoulli(num/den), 0 <= num <= den. */
const bernoulli = (random: RandomSource, num: number, den: number) => uniform(random, den) < num;

/** Bernoulli(exp(-num/den)) for num/den >= 0 (CKS Algorithm 1). */
export function bernoulliExp(random: RandomSource, num: number, den: number): boolean {
  if (num <= den) {
    let k = 1;
    for (;;) {
      if (!bernoulli(random, num, den * k)) break;
      k++;
    }
    return k % 2 === 1;
  }
  for (let i = 0; i < Math.floor(num / den); i++) if (!bernoulliExp(random, 1, 1)) return false;
  return bernoulliExp(random, num % den, den);
}

/**
 * One draw of the discrete Laplace distribution with scale t/s (s, t positive integers):
 * P(x) = (1 - p) / (1 + p) * p^|x| with p = exp(-s/t), for every integer x (CKS Algorithm 2).
 */
export function sampleDiscreteLaplace(random: RandomSource, s: number, t: number): number {
  if (!Number.isSafeInteger(s) || !Number.isSafeInteger(t) || s < 1 || t < 1)
    throw new RangeError('the scale is a ratio of two positive integers');
  for (;;) {
    const u = uniform(random, t);
    if (!bernoulliExp(random, u, t)) continue;
    let v = 0;
    while (bernoulliExp(random, 1, 1)) v++;
    const y = Math.floor((u + t * v) / s);
    const negative = bernoulli(random, 1, 2);
    if (negative && y === 0) continue;
    return negative ? -y : y;
  }
}

/** The exact probability of x under the discrete Laplace distribution with scale t/s (for tests). */
export function discreteLaplaceProbability(x: number, s: number, t: number): number {
  const p = Math.exp(-s / t);
  return ((1 - p) / (1 + p)) * p ** Math.abs(x);
}

/**
 * The smallest m with P(|Z| > m) <= alpha for Z of scale t/s: the noisy value +- m holds the true
 * value with probability at least 1 - alpha. P(|Z| > m) = 2 p^(m+1) / (1 + p).
 */
export function discreteLaplaceHalfWidth(s: number, t: number, alpha: number): number {
  const p = Math.exp(-s / t);
  let m = Math.max(0, Math.ceil(Math.log((alpha * (1 + p)) / 2) / Math.log(p) - 1));
  while (m > 0 && (2 * p ** m) / (1 + p) <= alpha) m--;
  while ((2 * p ** (m + 1)) / (1 + p) > alpha) m++;
  return m;
}
