// The page's side and the worker's side of the CSV worker (csv.worker.ts). Parsing a large file
// runs off the page's thread; rows travel in batches the page pulls one at a time, so a fast
// parser never piles up more rows than the encryption pool can take.
import { type WorkerLike, type WorkerScope } from '../upload/worker-pool';
import { type CsvRow } from './csv-parser';
import { csvBatches, type CsvScan, CsvShapeError, fileText, scanCsv } from './csv-reader';

type ToWorker = { type: 'scan'; file: Blob } | { type: 'read'; file: Blob; batchRows: number } | { type: 'next' };
type FromWorker =
  | { type: 'progress'; rows: number }
  | { type: 'scanned'; scan: CsvScan }
  | { type: 'batch'; firstRow: number; rows: CsvRow[] }
  | { type: 'end' }
  | { type: 'error'; message: string; shape: boolean };

export type RowBatch = { firstRow: number; rows: CsvRow[] };

export function serveCsvWorker(scope: WorkerScope): void {
  let batches: AsyncGenerator<RowBatch> | null = null;
  const post = (message: FromWorker) => scope.postMessage(message);
  const fail = (error: unknown) =>
    post({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
      shape: error instanceof CsvShapeError,
    });
  scope.onmessage = (event) => {
    try {
      handle(event.data as ToWorker);
    } catch (error) {
      fail(error);
    }
  };
  const handle = (message: ToWorker) => {
    if (message.type === 'scan') {
      scanCsv(fileText(message.file), (rows) => post({ type: 'progress', rows })).then(
        (scan) => post({ type: 'scanned', scan }),
        fail,
      );
    } else if (message.type === 'read') {
      batches = csvBatches(fileText(message.file), message.batchRows);
    } else if (batches) {
      batches.next().then((next) => post(next.done ? { type: 'end' } : { type: 'batch', ...next.value }), fail);
    }
  };
}

// One file, one worker: `scan` first, then `batches`. Call `close` when done.
export class CsvFile {
  private readonly worker: WorkerLike;
  private listener: ((message: FromWorker) => void) | null = null;

  constructor(
    private readonly file: Blob,
    createWorker: () => WorkerLike,
  ) {
    this.worker = createWorker();
    this.worker.onmessage = (event) => this.listener?.(event.data as FromWorker);
    this.worker.onerror = (event) => {
      event.preventDefault?.();
      this.listener?.({ type: 'error', message: event.message || 'the CSV reader stopped', shape: false });
    };
  }

  scan(onProgress?: (rows: number) => void): Promise<CsvScan> {
    return this.ask({ type: 'scan', file: this.file }, (message, resolve) => {
      if (message.type === 'progress') onProgress?.(message.rows);
      else if (message.type === 'scanned') resolve(message.scan);
    });
  }

  async *batches(batchRows: number): AsyncGenerator<RowBatch> {
    this.worker.postMessage({ type: 'read', file: this.file, batchRows } satisfies ToWorker);
    for (;;) {
      const next = await this.ask<RowBatch | null>({ type: 'next' }, (message, resolve) => {
        if (message.type === 'batch') resolve({ firstRow: message.firstRow, rows: message.rows });
        else if (message.type === 'end') resolve(null);
      });
      if (next === null) return;
      yield next;
    }
  }

  close(): void {
    this.listener = null;
    this.worker.terminate();
  }

  private ask<T>(request: ToWorker, handle: (message: FromWorker, resolve: (value: T) => void) => void): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.listener = (message) => {
        if (message.type === 'error') {
          this.listener = null;
          reject(message.shape ? new CsvShapeError(message.message) : new Error(message.message));
          return;
        }
        handle(message, (value) => {
          this.listener = null;
          resolve(value);
        });
      };
      this.worker.postMessage(request);
    });
  }
}
