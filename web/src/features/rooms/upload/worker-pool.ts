// A fixed pool of Web Workers running one kind of task. Each worker first receives the same init
// message (e.g. the keys of one upload), then tasks one at a time; a task goes to the first idle
// worker, or waits in a queue. Results come back as promises, so callers keep their own order.
//
// A pool can be started before its init is known (`init` left out, then `init()`): the workers
// load their code and, with `warm`, run their code once on throwaway input so that the engine has
// compiled it, while the person is still setting the upload up. Tasks wait for the init.
//
// Wire protocol (both directions are plain objects):
//   pool -> worker  { id, kind: 'warm' | 'init' | 'task', payload }
//   worker -> pool  { id, ok: true, result } | { id, ok: false, error }

export type WorkerLike = {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  terminate(): void;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
};

export type PoolRequest = { id: number; kind: 'warm' | 'init' | 'task'; payload: unknown };
export type PoolReply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Queued = { payload: unknown; transfer: Transferable[]; pending: Pending };
type Slot = { worker: WorkerLike; busy: boolean; ready: Promise<unknown> };

export class WorkerPoolError extends Error {
  override readonly name = 'WorkerPoolError';
}

// navigator.hardwareConcurrency counts logical cores; leave the page's own thread one when we can.
export function defaultPoolSize(cores = globalThis.navigator?.hardwareConcurrency ?? 2): number {
  return Math.max(1, Math.min(8, cores > 2 ? cores - 1 : cores));
}

export class WorkerPool<TTask, TResult> {
  private readonly slots: Slot[] = [];
  private readonly queue: Queued[] = [];
  private readonly replies = new Map<number, Pending>();
  private nextId = 1;
  private closed: Error | null = null;
  private initialised = false;
  private readonly warming: Promise<unknown>[] = [];

  /**
   * Starts `size` workers. With `init`, each is initialised at once; without, call `init()` later
   * (tasks queue until then). `warm`: each worker first runs its warm-up (see serveWorkerPool).
   */
  constructor(
    createWorker: () => WorkerLike,
    init?: unknown,
    size = defaultPoolSize(),
    options: { warm?: boolean } = {},
  ) {
    for (let i = 0; i < size; i++) {
      const worker = createWorker();
      const slot: Slot = { worker, busy: false, ready: Promise.resolve() };
      worker.onmessage = (event) => this.onReply(event.data as PoolReply);
      worker.onerror = (event) => {
        event.preventDefault?.();
        this.fail(new WorkerPoolError(`an encryption worker stopped: ${event.message || 'unknown error'}`));
      };
      this.slots.push(slot);
      if (options.warm) {
        const warm = this.send(slot, 'warm', null, []);
        warm.catch(() => undefined);
        this.warming.push(warm);
      }
    }
    if (init !== undefined) this.init(init);
  }

  get size(): number {
    return this.slots.length;
  }

  /** Sends every worker the init message (once); queued tasks then start. */
  init(payload: unknown): void {
    if (this.initialised) throw new WorkerPoolError('the worker pool is already initialised');
    this.initialised = true;
    for (const slot of this.slots) {
      slot.ready = this.send(slot, 'init', payload, []);
      // an init failure rejects every task through fail(); keep it from being unhandled here
      slot.ready.catch(() => undefined);
    }
    this.dispatch();
  }

  /** Resolves once every worker has loaded and run its warm-up (at once without `warm`). */
  async warmed(): Promise<void> {
    // a failed warm-up costs speed only: the init and the tasks report real failures
    await Promise.all(this.warming.map((warm) => warm.catch(() => undefined)));
  }

  run(payload: TTask, transfer: Transferable[] = []): Promise<TResult> {
    if (this.closed) return Promise.reject(this.closed);
    return new Promise<TResult>((resolve, reject) => {
      this.queue.push({ payload, transfer, pending: { resolve: resolve as (value: unknown) => void, reject } });
      this.dispatch();
    });
  }

  // Ends every worker; tasks still queued or running reject.
  close(reason = new WorkerPoolError('the worker pool was closed')): void {
    this.fail(reason);
  }

  private dispatch(): void {
    if (!this.initialised) return;
    for (const slot of this.slots) {
      if (slot.busy || this.queue.length === 0) continue;
      const job = this.queue.shift()!;
      slot.busy = true;
      slot.ready
        .then(() => this.send(slot, 'task', job.payload, job.transfer))
        .then(job.pending.resolve, job.pending.reject)
        .finally(() => {
          slot.busy = false;
          if (!this.closed) this.dispatch();
        });
    }
  }

  private send(slot: Slot, kind: PoolRequest['kind'], payload: unknown, transfer: Transferable[]): Promise<unknown> {
    if (this.closed) return Promise.reject(this.closed);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.replies.set(id, { resolve, reject });
      const message: PoolRequest = { id, kind, payload };
      slot.worker.postMessage(message, transfer);
    });
  }

  private onReply(reply: PoolReply): void {
    const pending = this.replies.get(reply.id);
    if (!pending) return;
    this.replies.delete(reply.id);
    if (reply.ok) pending.resolve(reply.result);
    else pending.reject(new WorkerPoolError(reply.error));
  }

  private fail(error: Error): void {
    if (this.closed) return;
    this.closed = error;
    for (const pending of this.replies.values()) pending.reject(error);
    this.replies.clear();
    for (const job of this.queue.splice(0)) job.pending.reject(error);
    for (const slot of this.slots) slot.worker.terminate();
  }
}

// What a worker's `self` offers (the web tsconfig has no WebWorker lib).
export type WorkerScope = {
  onmessage: ((event: MessageEvent) => void) | null;
  postMessage(message: unknown, transfer?: Transferable[]): void;
};

// The worker side of the protocol: `init` builds the state once, `task` runs against it; `warm`
// (optional) runs the task code on throwaway input before the init is known.
export function serveWorkerPool<TInit, TState, TTask, TResult>(
  scope: WorkerScope,
  handlers: {
    init(payload: TInit): Promise<TState> | TState;
    task(state: TState, payload: TTask): Promise<{ result: TResult; transfer?: Transferable[] }>;
    warm?(): Promise<void> | void;
  },
): void {
  let state: Promise<TState> | null = null;
  const done = () => ({ result: null, transfer: [] });
  const handle = (kind: PoolRequest['kind'], payload: unknown) => {
    switch (kind) {
      case 'warm':
        return Promise.resolve(handlers.warm?.()).then(done);
      case 'init':
        state = Promise.resolve(handlers.init(payload as TInit));
        return state.then(done);
      case 'task':
        return state
          ? state.then((ready) => handlers.task(ready, payload as TTask))
          : Promise.reject(new Error('task before init'));
    }
  };
  scope.onmessage = (event) => {
    const { id, kind, payload } = event.data as PoolRequest;
    const work = handle(kind, payload);
    work.then(
      ({ result, transfer }) => scope.postMessage({ id, ok: true, result } satisfies PoolReply, transfer ?? []),
      (error: unknown) =>
        scope.postMessage({
          id,
          ok: false,
          error: error instanceof Error ? error.message : String(error),
        } satisfies PoolReply),
    );
  };
}
