import { describe, expect, it } from 'vitest';
import { inProcessWorker } from '../../../test/in-process-worker';
import { defaultPoolSize, serveWorkerPool, WorkerPool, type WorkerLike } from './worker-pool';

type Task = { value: number; fail?: boolean; delay?: number };

// A worker that records which worker ran a task and multiplies by the init factor.
function multiplier(log: string[], name: string) {
  return inProcessWorker((scope) =>
    serveWorkerPool<{ factor: number }, { factor: number }, Task, string>(scope, {
      init: (payload) => {
        log.push(`${name} init ${payload.factor}`);
        return payload;
      },
      task: async (state, task) => {
        await new Promise((resolve) => setTimeout(resolve, task.delay ?? 0));
        if (task.fail) throw new Error(`task ${task.value} failed`);
        log.push(`${name} ran ${task.value}`);
        return { result: `${name}:${task.value * state.factor}` };
      },
    }),
  );
}

function poolOf(size: number, log: string[]) {
  let n = 0;
  return new WorkerPool<Task, string>(() => multiplier(log, `w${++n}`), { factor: 10 }, size);
}

describe('worker pool', () => {
  it('is sized from hardwareConcurrency, keeping a core for the page when there are more than two', () => {
    expect(defaultPoolSize(1)).toBe(1);
    expect(defaultPoolSize(2)).toBe(2);
    expect(defaultPoolSize(4)).toBe(3);
    expect(defaultPoolSize(64)).toBe(8);
  });

  it('inits every worker once, spreads tasks over idle workers and keeps each result with its task', async () => {
    const log: string[] = [];
    const pool = poolOf(2, log);
    const results = await Promise.all([1, 2, 3, 4].map((value) => pool.run({ value, delay: 5 })));
    expect(results.map((r) => r.split(':')[1])).toEqual(['10', '20', '30', '40']);
    expect(log.filter((line) => line.includes('init'))).toEqual(['w1 init 10', 'w2 init 10']);
    // both workers got work: two tasks each, one at a time
    expect(new Set(results.map((r) => r.split(':')[0]))).toEqual(new Set(['w1', 'w2']));
    pool.close();
  });

  it('rejects only the failing task; the pool keeps working', async () => {
    const pool = poolOf(1, []);
    const failed = pool.run({ value: 1, fail: true });
    const next = pool.run({ value: 2 });
    await expect(failed).rejects.toThrow('task 1 failed');
    await expect(next).resolves.toBe('w1:20');
    pool.close();
  });

  it('rejects everything queued or running when a worker crashes, and refuses new tasks', async () => {
    let crash: WorkerLike | null = null;
    const pool = new WorkerPool<Task, string>(
      () => {
        const worker = multiplier([], 'w');
        crash = worker;
        return worker;
      },
      { factor: 1 },
      1,
    );
    const running = pool.run({ value: 1, delay: 50 });
    const queued = pool.run({ value: 2 });
    crash!.onerror!(new ErrorEvent('error', { message: 'out of memory' }));
    await expect(running).rejects.toThrow('an encryption worker stopped: out of memory');
    await expect(queued).rejects.toThrow('an encryption worker stopped: out of memory');
    await expect(pool.run({ value: 3 })).rejects.toThrow('an encryption worker stopped');
  });

  it('starts and warms its workers before the init; tasks wait for init()', async () => {
    const log: string[] = [];
    let n = 0;
    const pool = new WorkerPool<Task, string>(
      () => {
        const name = `w${++n}`;
        return inProcessWorker((scope) =>
          serveWorkerPool<{ factor: number }, { factor: number }, Task, string>(scope, {
            warm: () => void log.push(`${name} warm`),
            init: (payload) => {
              log.push(`${name} init ${payload.factor}`);
              return payload;
            },
            task: async (state, task) => ({ result: `${name}:${task.value * state.factor}` }),
          }),
        );
      },
      undefined,
      2,
      { warm: true },
    );
    await pool.warmed();
    expect(log).toEqual(['w1 warm', 'w2 warm']);
    const result = pool.run({ value: 4 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(log).toEqual(['w1 warm', 'w2 warm']);
    pool.init({ factor: 3 });
    expect((await result).split(':')[1]).toBe('12');
    expect(log.slice(2).sort()).toEqual(['w1 init 3', 'w2 init 3']);
    expect(() => pool.init({ factor: 1 })).toThrow('already initialised');
    pool.close();
  });

  it('rejects tasks when the init failed', async () => {
    const pool = new WorkerPool<Task, string>(
      () =>
        inProcessWorker((scope) =>
          serveWorkerPool(scope, {
            init: () => Promise.reject(new Error('no room key')),
            task: async () => ({ result: 'never' }),
          }),
        ),
      {},
      1,
    );
    await expect(pool.run({ value: 1 })).rejects.toThrow('no room key');
  });
});
