// A fixed pool of Web Workers running one kind of task. Each worker first receives the same init
// message (e.g. the keys of one upload), then tasks one at a time; a task goes to the first idle
// worker, or waits in a queue. Results come back as promises, so callers keep their own order.
//
// Wire protocol (both directions are plain objects):
//   pool -> worker  { id, kind: 'init' | 'task', payload }
//   worker -> pool  { id, ok: true, result } | { id, ok: false, error }

export type WorkerLike = {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  terminate(): void;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
};

export type PoolRequest = { id: number; kind: 'init' | 'task'; payload: unknown };
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

  constructor(createWorker: () => WorkerLike, init: unknown, size = defaultPoolSize()) {
    for (let i = 0; i < size; i++) {
      const worker = createWorker();
      const slot: Slot = { worker, busy: false, ready: Promise.resolve() };
      worker.onmessage = (event) => this.onReply(event.data as PoolReply);
      worker.onerror = (event) => {
        event.preventDefault?.();
        this.fail(new WorkerPoolError(`an encryption worker stopped: ${event.message || 'unknown error'}`));
      };
      slot.ready = this.send(slot, 'init', init, []);
      // an init failure rejects every task through fail(); keep it from being unhandled here
      slot.ready.catch(() => undefined);
      this.slots.push(slot);
    }
  }

  get size(): number {
    return this.slots.length;
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

// The worker side of the protocol: `init` builds the state once, `task` runs against it.
export function serveWorkerPool<TInit, TState, TTask, TResult>(
  scope: WorkerScope,
  handlers: {
    init(payload: TInit): Promise<TState> | TState;
    task(state: TState, payload: TTask): Promise<{ result: TResult; transfer?: Transferable[] }>;
  },
): void {
  let state: Promise<TState> | null = null;
  scope.onmessage = (event) => {
    const { id, kind, payload } = event.data as PoolRequest;
    const work =
      kind === 'init'
        ? (state = Promise.resolve(handlers.init(payload as TInit))).then(() => ({ result: null, transfer: [] }))
        : state
          ? state.then((ready) => handlers.task(ready, payload as TTask))
          : Promise.reject(new Error('task before init'));
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
