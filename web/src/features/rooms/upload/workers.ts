// The two worker kinds of an upload. Vite turns each `new Worker(new URL(...))` into a separate
// chunk, so neither the parser nor the crypto code weighs on the page's own bundle.
import { type WorkerLike } from './worker-pool';

export function createCsvWorker(): WorkerLike {
  return new Worker(new URL('../csv/csv.worker.ts', import.meta.url), { type: 'module', name: 'csv' });
}

export function createEncryptWorker(): WorkerLike {
  return new Worker(new URL('./encrypt.worker.ts', import.meta.url), { type: 'module', name: 'encrypt' });
}
