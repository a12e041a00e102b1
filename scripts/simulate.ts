// npm run simulate -- --request <id> --count N [--url http://localhost:3000] [--concurrency 4]
//                     [--wait-payouts 30] [--seed 42]
// Acts as N phone apps answering one published request through the REST API (docs/guide/demo-data.md).
import { parseArgs } from 'node:util';
import { simulateParticipants } from './simulate/simulate';

const { values } = parseArgs({
  options: {
    request: { type: 'string' },
    count: { type: 'string', default: '10' },
    url: { type: 'string', default: 'http://localhost:3000' },
    concurrency: { type: 'string', default: '4' },
    'wait-payouts': { type: 'string', default: '30' },
    seed: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});
const count = Number(values.count);
if (!values.request || !Number.isInteger(count) || count < 1) {
  console.error('usage: npm run simulate -- --request <request id> --count <N> [--url http://localhost:3000]');
  process.exit(2);
}

const summary = await simulateParticipants({
  url: values.url,
  requestId: values.request,
  count,
  concurrency: Number(values.concurrency),
  waitForPayoutsMs: Number(values['wait-payouts']) * 1000,
  seed: values.seed === undefined ? undefined : Number(values.seed),
  log: values.quiet ? undefined : (line) => console.log(line),
}).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
console.log(
  `${summary.accepted.length} accepted, ${summary.ended.filter((e) => e.outcome === 'screened_out').length} screened out, ${
    summary.ended.filter((e) => e.outcome === 'quota_full').length
  } ended by a full quota, ${summary.rejected.length} refused; payouts: ${
    Object.entries(summary.payouts)
      .map(([status, n]) => `${n} ${status}`)
      .join(', ') || 'none'
  }`,
);
