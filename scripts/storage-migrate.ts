// `npm run storage:migrate`: copies every uploaded file under DATA_DIR/uploads (avatars, encrypted
// response images) to the object store named by the S3_* variables, under the same keys, and says
// how many were copied, already there and failed. Safe to run again (it copies only what is
// missing) and while servers run; it reads no database. Exit 0 when every file is in the store.
import { ConfigError, loadConfig } from '../api/src/config';
import { copyToObjectStore } from '../api/src/modules/storage/copy-to-object-store';
import { uploadsDir } from '../api/src/modules/storage/create-file-storage';
import { S3Storage } from '../api/src/modules/storage/s3-storage';

let config;
try {
  config = loadConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
if (!config.s3) {
  console.error('No object store is configured: set S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and S3_URL');
  console.error('(or S3_REGION for AWS S3), as the servers will have them. See docs/operations/file-storage.md.');
  process.exit(1);
}

const from = uploadsDir(config);
// each failure is printed below with its reason: the store's own log lines would repeat them
const store = new S3Storage(config.s3, { error() {} });
try {
  const problem = await store.problem();
  if (problem) {
    console.error(`The object store cannot be used: ${problem}. Nothing was copied.`);
    process.exit(1);
  }
  console.log(`Copying ${from} to the ${store.description} ...`);
  const report = await copyToObjectStore(from, store);
  for (const f of report.failed) console.error(`failed: ${f.key}: ${f.reason}`);
  if (report.ignored.length) console.log(`not uploads, left alone: ${report.ignored.join(', ')}`);
  console.log(
    `${report.copied.length} copied, ${report.present.length} already there, ${report.failed.length} failed` +
      (report.failed.length ? ': run it again to copy the rest' : ''),
  );
  process.exitCode = report.failed.length ? 1 : 0;
} finally {
  store.close();
}
