import type { EntityManager } from '@mikro-orm/postgresql';
import { isIP } from 'node:net';
import { AppError } from '../../shared/errors';
import { RateLimitHit } from '../../shared/rate-limit-hit.entity';
import { lockBuckets } from '../../shared/locks';

export type LoginThrottleSettings = { freeFailures: number; windowMs: number; maxDelayMs: number };

const FIRST_DELAY_MS = 1000;
// An address trying many accounts (password spraying), and an account tried from many addresses,
// get this many times the free failures of one account from one address before their delays start.
const ADDRESS_FACTOR = 10;
const ACCOUNT_FACTOR = 4;

/**
 * The client address a throttle counts: IPv4 as is (IPv4-mapped IPv6 too), IPv6 by its /64, since
 * one subscriber usually holds a whole /64.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  if (mapped) return mapped;
  if (isIP(ip) === 4) return ip;
  if (isIP(ip) !== 6) return 'unknown';
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** How long after the last failure the next attempt waits: nothing while failures are free, then 1 s, 2 s, 4 s... */
export function delayAfter(failures: number, free: number, maxDelayMs: number): number {
  if (failures < free) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(failures - free, 40), maxDelayMs);
}

/** An attempt let through: counted as a failure until `succeeded` takes it back. */
export type LoginAttempt = { pairBucket: string; hitIds: string[] };

/**
 * Login throttling by account and client address, with growing delays instead of a lockout.
 * The account is one bucket whichever name the login used (username or e-mail). An address that
 * has not failed (on this account, or often elsewhere) is never refused, so nobody can lock a
 * user out; an address that has failed on the account waits for the longer of its own delay and
 * the account's (failures from everywhere), so a guesser gets few tries per address.
 */
export class LoginThrottle {
  constructor(private readonly settings: LoginThrottleSettings) {}

  /**
   * Refuses the attempt (RATE_LIMITED, with the seconds to wait) while a delay runs; otherwise
   * records it as a failure before the password is checked, so parallel guesses count at once.
   */
  async begin(em: EntityManager, accountKey: string, ip: string): Promise<LoginAttempt> {
    const address = addressKey(ip);
    const buckets = {
      pair: `login:pair:${accountKey}:${address}`,
      account: `login:account:${accountKey}`,
      address: `login:address:${address}`,
    };
    return em.transactional(async (tx) => {
      // attempts sharing the account or the address are checked and recorded one at a time (an
      // address spraying many accounts in parallel is counted as exactly as one account's guesses)
      await lockBuckets(tx, Object.values(buckets));
      const rows = await tx.execute<{ bucket: string; n: number; last: Date }[]>(
        `select bucket, count(*)::int as n, max(created_at) as last from rate_limit_hits
          where bucket in (?, ?, ?) and created_at > ? group by bucket`,
        [buckets.pair, buckets.account, buckets.address, new Date(Date.now() - this.settings.windowMs)],
      );
      const stats = (bucket: string) => rows.find((r) => r.bucket === bucket);
      const { freeFailures, maxDelayMs } = this.settings;
      const waits: number[] = [];
      const wait = (s: { n: number; last: Date } | undefined, free: number) => {
        if (s) waits.push(new Date(s.last).getTime() + delayAfter(s.n, free, maxDelayMs));
      };
      const pair = stats(buckets.pair);
      wait(pair, freeFailures);
      wait(stats(buckets.address), freeFailures * ADDRESS_FACTOR);
      // the account's failures from everywhere hold back only addresses that have failed on it
      if (pair) wait(stats(buckets.account), freeFailures * ACCOUNT_FACTOR);
      const until = Math.max(0, ...waits);
      if (until > Date.now()) {
        const seconds = Math.ceil((until - Date.now()) / 1000);
        throw new AppError(
          'RATE_LIMITED',
          `Too many failed logins. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
          undefined,
          seconds,
        );
      }
      const now = new Date();
      const hitIds: string[] = [];
      for (const bucket of Object.values(buckets)) {
        hitIds.push(String(await tx.insert(RateLimitHit, { bucket, createdAt: now })));
      }
      return { pairBucket: buckets.pair, hitIds };
    });
  }

  /** The password was right: this attempt was no failure, and this address's earlier ones are forgiven. */
  async succeeded(em: EntityManager, attempt: LoginAttempt): Promise<void> {
    await em.nativeDelete(RateLimitHit, { $or: [{ id: { $in: attempt.hitIds } }, { bucket: attempt.pairBucket }] });
  }
}
