import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAY_MAX_SECONDS, WEBHOOK_RETRY_WINDOW_MS } from './webhooks.service';

// pg-boss's backoff after the failure of attempt n + 1 (retry_count n): base * 2^min(16, n + 1) / 2
// times a random factor from 1 to 2, at most retryDelayMax. Its least value, jitter 0:
const leastDelay = (base: number, n: number) =>
  Math.min(WEBHOOK_RETRY_DELAY_MAX_SECONDS, (base * 2 ** Math.min(16, n + 1)) / 2);

describe('webhook retries', () => {
  it('use the backoff formula of the pg-boss this project installs', () => {
    const plans = path.join(path.dirname(createRequire(import.meta.url).resolve('pg-boss')), 'plans.js');
    expect(readFileSync(plans, 'utf8')).toContain('2 ^ LEAST(16, retry_count + 1) / 2 * random()');
  });

  it.each([1, 30, 3600])(
    'reach the end of the 3-day window before the attempt backstop (first retry after %i s)',
    (base) => {
      let waited = 0;
      for (let n = 0; n < WEBHOOK_MAX_ATTEMPTS - 1; n++) waited += leastDelay(base, n);
      // even with the shortest waits the queue allows, the last attempt comes after the window
      expect(waited * 1000).toBeGreaterThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    },
  );
});
