import path from 'node:path';
import type { Config } from '../../config';
import { LocalDiskStorage, type FileStorage, type StorageLog } from './file-storage';
import { S3Storage } from './s3-storage';

/** The folder local disk keeps uploads in (and the object store migration copies from). */
export const uploadsDir = (config: Config) => path.join(config.dataDir, 'uploads');

/** The object store when one is configured (S3_*), else local disk under DATA_DIR/uploads. */
export function createFileStorage(config: Config, log: StorageLog): FileStorage {
  return config.s3 ? new S3Storage(config.s3, log) : new LocalDiskStorage(uploadsDir(config), log);
}
