// The CSV worker: streams a dropped file through the parser off the page's thread.
import { type WorkerScope } from '../upload/worker-pool';
import { serveCsvWorker } from './csv-worker-client';

serveCsvWorker(self as unknown as WorkerScope);
