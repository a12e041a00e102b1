// One encryption worker of the upload pool: init derives the column keys once, each task
// encrypts a chunk of rows (see encrypt-rows.ts).
import { serveEncryptWorker } from './encrypt-rows';
import { type WorkerScope } from './worker-pool';

serveEncryptWorker(self as unknown as WorkerScope);
