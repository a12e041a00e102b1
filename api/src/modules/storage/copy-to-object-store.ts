import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { isStorageKey } from './file-storage';
import type { S3Storage } from './s3-storage';

export type CopyReport = {
  copied: string[];
  /** already in the store with the same size (copied by an earlier run) */
  present: string[];
  failed: { key: string; reason: string }[];
  /** files under the folder that are not storage keys (a write interrupted on disk), left alone */
  ignored: string[];
};

// files copied at once: enough to hide the store's latency, few enough for a small machine
const PARALLEL = 8;

/** Every storage key under a local uploads folder (<kind>/<name>.<ext>). */
async function localKeys(dir: string): Promise<{ keys: string[]; ignored: string[] }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((err: unknown) => {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  });
  const files = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  return { keys: files.filter(isStorageKey).sort(), ignored: files.filter((f) => !isStorageKey(f)).sort() };
}

/**
 * Copies every file of a local uploads folder (DATA_DIR/uploads) to the object store under the same
 * key. Run again, it copies only what is missing: a key the store holds with the same size is
 * already there (keys are never reused for other bytes, and a put is all or nothing).
 */
export async function copyToObjectStore(dir: string, store: S3Storage): Promise<CopyReport> {
  const { keys, ignored } = await localKeys(dir);
  const report: CopyReport = { copied: [], present: [], failed: [], ignored };
  const queue = [...keys];
  const worker = async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) {
      try {
        const data = await readFile(path.join(dir, key));
        if ((await store.size(key)) === data.length) {
          report.present.push(key);
        } else {
          await store.put(key, data);
          report.copied.push(key);
        }
      } catch (err) {
        // the store's own reason (its error's cause) rather than the message meant for clients
        const cause = (err as Error).cause as { message?: string } | undefined;
        report.failed.push({ key, reason: cause?.message ?? (err as Error).message });
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  for (const list of [report.copied, report.present]) list.sort();
  report.failed.sort((a, b) => a.key.localeCompare(b.key));
  return report;
}
