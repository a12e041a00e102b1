import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, type Options } from '@mikro-orm/postgresql';
import path from 'node:path';
import pg from 'pg';
import { attachEmbeddedEngine, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { migrations } from './migrations/index';
import { ResilientPostgreSqlDriver } from './resilient-driver';

export type Database = {
  orm: MikroORM;
  /** 'server' when DATABASE_URL points at a PostgreSQL server, 'embedded' for PGlite */
  kind: 'server' | 'embedded';
  /** embedded only: a dump of the whole data directory, to start other databases from */
  dumpEmbedded?(): Promise<Blob>;
  close(): Promise<void>;
};

/** The tables' entity classes. */
export type Entities = NonNullable<Options['entities']>;

export type DatabaseOptions = {
  /** the tables' entity classes (the composition root's list, api/src/app/entities.ts) */
  entities: Entities;
  databaseUrl?: string;
  /** embedded only: where PGlite keeps its files; undefined = in memory */
  embeddedDir?: string;
  /** embedded only: start from this dump of a data directory (see Database.dumpEmbedded) */
  embeddedTemplate?: Blob;
  debug?: boolean;
};

export function ormOptions(entities: Entities, base: Partial<Options>): Options {
  return {
    entities: [...entities],
    // reads and BEGINs are tried once more when the server dropped their connection
    driver: ResilientPostgreSqlDriver,
    extensions: [Migrator],
    migrations: {
      migrationsList: [...migrations],
      tableName: 'mikro_orm_migrations',
      path: path.resolve('api/src/db/migrations'),
      pathTs: path.resolve('api/src/db/migrations'),
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      emit: 'ts',
      silent: true,
    },
    // each data set's own tables (api/src/modules/datasets/dataset-tables.ts) are not entities
    schemaGenerator: { skipTables: [/^vcr_(rows|tokens)_[0-9a-f]{32}$/] },
    // the identity map is per request: resolvers and routes always work on a fork
    allowGlobalContext: false,
    forceUtcTimezone: true,
    ...base,
  } as Options;
}

/** Opens the database (server or embedded) and applies pending migrations. */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  let embedded: EmbeddedPostgres | undefined;
  let base: Partial<Options>;
  if (opts.databaseUrl) {
    base = { clientUrl: opts.databaseUrl, pool: { min: 0, max: 10 } };
  } else {
    embedded = await startEmbeddedPostgres(opts.embeddedDir, opts.embeddedTemplate);
    base = {
      host: embedded.socketDir,
      port: embedded.port,
      user: 'postgres',
      dbName: 'postgres',
      pool: { min: 0, max: 1 },
    };
  }
  try {
    const orm = await MikroORM.init(ormOptions(opts.entities, { ...base, debug: opts.debug ?? false }));
    if (opts.databaseUrl) await migrateAlone(opts.databaseUrl, () => orm.migrator.up());
    else await orm.migrator.up();
    if (embedded) attachEmbeddedEngine(await orm.em.getConnection().getNativeClient(), embedded.engine);
    const engine = embedded?.engine;
    return {
      orm,
      kind: embedded ? 'embedded' : 'server',
      ...(engine ? { dumpEmbedded: () => engine.dumpDataDir('none') } : {}),
      async close() {
        await orm.close(true);
        await embedded?.stop();
      },
    };
  } catch (err) {
    await embedded?.stop();
    throw err;
  }
}

/** The advisory lock the server processes of one database take to migrate one at a time. */
export const MIGRATION_LOCK = 804_215_337;

/**
 * Runs the migrations while holding a session-level advisory lock on a connection of its own, so
 * server processes started together on one database migrate one after the other: the first applies
 * what is pending, the others wait and then find nothing left to do.
 */
async function migrateAlone(databaseUrl: string, migrate: () => Promise<unknown>): Promise<void> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    // ending the session releases the lock too, also when the unlock itself fails
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.end();
  }
}
