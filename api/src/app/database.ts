import { openDatabase as openWith, type Database, type DatabaseOptions } from '../db/database';
import { entities } from './entities';

/** Opens the database (server or embedded) with every module's entities; migrations applied. */
export function openDatabase(opts: Omit<DatabaseOptions, 'entities'>): Promise<Database> {
  return openWith({ ...opts, entities });
}
