import { createHash } from 'node:crypto';
import type { RandomSource } from '../../../api/src/modules/privacy/discrete-laplace';

/** A seeded uniform source (SHA-256 in counter mode, rejection sampling): the same draws every run. */
export function seeded(seed: string): RandomSource {
  let counter = 0;
  let pool = Buffer.alloc(0);
  const bytes = (n: number) => {
    while (pool.length < n) pool = Buffer.concat([pool, createHash('sha256').update(`${seed}|${counter++}`).digest()]);
    const out = pool.subarray(0, n);
    pool = pool.subarray(n);
    return out;
  };
  return (n) => {
    const limit = 2 ** 48 - (2 ** 48 % n);
    for (;;) {
      const x = bytes(6).readUIntBE(0, 6);
      if (x < limit) return x % n;
    }
  };
}
