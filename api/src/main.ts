import 'reflect-metadata';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { buildApp } from './app';

// read config -> open db (migrations run) -> build app -> listen
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    embeddedDir: `${config.dataDir}/pg`,
  });
  const { app, services } = await buildApp({ config, orm: db.orm });
  app.log.info({ database: db.kind, mail: services.mail.sendsForReal ? 'smtp' : 'dev outbox' }, 'starting');

  const timer = services.mail.sendsForReal
    ? setInterval(
        () => void services.mail.deliverPending(db.orm).catch((err) => app.log.error({ err }, 'mail dispatch failed')),
        15_000,
      )
    : undefined;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(timer);
    await app.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
