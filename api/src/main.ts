import 'reflect-metadata';
import { ConfigError, loadConfig } from './config';
import { buildApp, openDatabase } from './app';
import { deferredLog, type LocalChainLauncher } from './modules/chain/local-chain';
import { announceStartup } from './app/startup-banner';

/**
 * The server process: read config -> open db (migrations run) -> local chain if none is configured
 * -> build app -> listen. Its entry point is scripts/server.ts (`npm start`, `npm run dev`), which
 * hands in the local chain's launcher: the server itself ships without anvil and its deployment.
 */
export async function main({ startLocalChain }: { startLocalChain?: LocalChainLauncher } = {}) {
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
  // no CHAIN_RPC_URL: run anvil with the contracts (a failure leaves chain features reporting why);
  // it starts while the database opens. Without a launcher, chain features report no chain.
  const chainLog = deferredLog();
  const chainStarting = config.chain.rpcUrl ? undefined : startLocalChain?.(config, chainLog);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    embeddedDir: `${config.dataDir}/pg`,
  });
  // background work runs as jobs (api/src/modules/jobs): this process works them and fires the
  // schedules; with several processes on one database each job still runs once
  const { app, services } = await buildApp({
    config,
    orm: db.orm,
    jobs: { schedules: true, pollSeconds: 2, superviseSeconds: 10 },
  });
  const localChain = await chainStarting;
  chainLog.replayTo(app.log);
  // again when a chain that could not start comes up on a background retry
  localChain?.attach((setup) => services.chain.use(setup));
  // plain lines for a person: the address to open, dev mail, the chain
  announceStartup(app, { config, mail: services.mail, localChain });
  app.log.info(
    {
      database: db.kind,
      mail: services.mail.sendsForReal ? 'smtp' : 'dev outbox',
      payments: services.purchases.paymentMode,
      chain: localChain ? 'local anvil' : 'CHAIN_RPC_URL',
      files: services.storage.description,
    },
    'starting',
  );
  // a store that is down or refusing does not stop the rest of the app: uploads and file downloads
  // answer 503 until it is back; the reason is logged now rather than at the first upload
  void services.storage.problem().then((problem) => {
    if (problem) app.log.error({ files: services.storage.description, problem }, 'file storage cannot be used');
  });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await localChain?.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
}
