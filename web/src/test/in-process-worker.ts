// A Worker stand-in for tests (happy-dom has no Web Workers): runs a worker module's handlers on
// this thread. Messages are structured-cloned and delivered asynchronously, as in a
// real worker, so the pool sees the same behaviour.
import { type WorkerLike, type WorkerScope } from '../features/rooms/upload/worker-pool';

export function inProcessWorker(serve: (scope: WorkerScope) => void): WorkerLike {
  let terminated = false;
  const worker: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage(message) {
      if (terminated) return;
      const data = structuredClone(message);
      setTimeout(() => scope.onmessage?.(new MessageEvent('message', { data })), 0);
    },
    terminate() {
      terminated = true;
    },
  };
  const scope: WorkerScope = {
    onmessage: null,
    postMessage(message) {
      if (terminated) return;
      const data = structuredClone(message);
      setTimeout(() => worker.onmessage?.(new MessageEvent('message', { data })), 0);
    },
  };
  serve(scope);
  return worker;
}
