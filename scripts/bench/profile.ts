// Where the API's time goes: runs the bench's server (bench-server.ts) in this process, drives one
// target with autocannon in a child process (so the load generator is not in the profile), samples
// this process with the V8 CPU profiler during the load only, and prints the hottest packages and
// functions by self time. `npx tsx scripts/bench/profile.ts <target> [out.cpuprofile]`
// (targets: the keys of bench-server.ts's `targets`); `--report <file>` prints a saved profile.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { createRequire } from 'node:module';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

function report(file: string) {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const fn = new Map<string, number>();
  const pkg = new Map<string, number>();
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(api|scripts)\//, '$1/');
    fn.set(
      `${functionName || '(anon)'} ${where}:${lineNumber + 1}`,
      (fn.get(`${functionName || '(anon)'} ${where}:${lineNumber + 1}`) ?? 0) + us,
    );
    const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
    const key = m
      ? m[1]
      : url.includes('/api/src/')
        ? 'app: ' + (url.split('/api/src/')[1] ?? '').split('/').slice(0, 2).join('/')
        : url.startsWith('node:')
          ? url
          : url
            ? 'other'
            : functionName;
    pkg.set(key, (pkg.get(key) ?? 0) + us);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  console.log(
    `total ${(total / 1e6).toFixed(1)} s sampled\n\nby package:\n${top(pkg, 30)}\n\nby function:\n${top(fn, 50)}`,
  );
}

if (process.argv[2] === '--report') {
  report(process.argv[3]);
} else {
  const { startBenchServer } = await import('./bench-server');
  const names = process.argv[2]?.split(',') ?? ['me'];
  const out = process.argv[3];
  const server = await startBenchServer({
    requests: Number(process.env.BENCH_REQUESTS ?? 2000),
    answers: Number(process.env.BENCH_ANSWERS ?? 20000),
  });
  try {
    for (const name of names) {
      const t = server.targets[name];
      if (!t) throw new Error(`unknown target ${name}; one of ${Object.keys(server.targets).join(', ')}`);
      const cli = createRequire(import.meta.url).resolve('autocannon/autocannon.js');
      const args = [cli, '-j', '-c', '10', '-d', process.env.BENCH_SECONDS ?? '10', '-m', t.method ?? 'GET'];
      for (const [k, v] of Object.entries(t.headers ?? {})) args.push('-H', `${k}=${v}`);
      if (t.body) args.push('-b', t.body);
      args.push(t.url);
      const inspector = new Session();
      if (out) {
        inspector.connect();
        await inspector.post('Profiler.enable');
        await inspector.post('Profiler.start');
      }
      const cpu = process.cpuUsage();
      const json = await new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
        let text = '';
        child.stdout.on('data', (d: Buffer) => (text += d.toString()));
        child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`autocannon exited ${code}`))));
      });
      const used = process.cpuUsage(cpu);
      const r = JSON.parse(json) as { requests: { total: number; average: number }; non2xx: number };
      console.log(
        `${name.padEnd(16)} ${r.requests.average.toFixed(0).padStart(6)} req/s  server CPU ${((used.user + used.system) / r.requests.total).toFixed(0).padStart(5)} us/request  non-2xx ${r.non2xx}`,
      );
      if (out) {
        const { profile } = await inspector.post('Profiler.stop');
        writeFileSync(out, JSON.stringify(profile));
        report(out);
      }
    }
  } finally {
    await server.close();
  }
}
