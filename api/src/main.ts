import 'reflect-metadata';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/database';
import { buildApp } from './app';
import { deferredLog, startServerChain } from './modules/chain/local-chain';
import { announceStartup } from './startup-banner';

// how often withdrawals left pending (crash, chain outage) are driven to sent or refunded
const RECONCILE_EVERY_MS = 60_000;
// how often participant payouts whose retry time has come are attempted again (they back off
// from 5 s to 10 min while the chain is unavailable; a submission starts its own at once)
const PAYOUT_RETRY_EVERY_MS = 15_000;
// how often incomplete clean-room uploads older than a day are removed
const ABANDONED_SWEEP_EVERY_MS = 60 * 60_000;

// read config -> open db (migrations run) -> local chain if none is configured -> build app -> listen
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
  // no CHAIN_RPC_URL: run anvil with the contracts (a failure leaves chain features reporting why);
  // it starts while the database opens
  const chainLog = deferredLog();
  const chainStarting = config.chain.rpcUrl ? undefined : startServerChain(config, chainLog);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    embeddedDir: `${config.dataDir}/pg`,
  });
  const { app, services } = await buildApp({ config, orm: db.orm });
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
    },
    'starting',
  );

  const reconcile = () =>
    void services.withdrawals
      .reconcilePending(db.orm.em.fork())
      .catch((err) => app.log.error({ err }, 'withdrawal reconcile failed'));
  const reconcileTimer = setInterval(reconcile, RECONCILE_EVERY_MS);

  // one run at a time in this process; other processes are kept apart by the row and treasury locks
  let payoutsRunning = false;
  const retryPayouts = () => {
    if (payoutsRunning) return;
    payoutsRunning = true;
    void services.payouts
      .runDue(db.orm.em.fork())
      .catch((err) => app.log.error({ err }, 'payout retry failed'))
      .finally(() => (payoutsRunning = false));
  };
  const payoutTimer = setInterval(retryPayouts, PAYOUT_RETRY_EVERY_MS);

  // incomplete clean-room uploads nobody finished (a browser closed mid-upload) give their name back
  const discardAbandoned = () =>
    void services.datasets
      .discardAbandoned(db.orm.em.fork())
      .then((ids) => ids.length && app.log.info({ datasets: ids }, 'abandoned uploads discarded'))
      .catch((err) => app.log.error({ err }, 'discarding abandoned uploads failed'));
  const abandonedTimer = setInterval(discardAbandoned, ABANDONED_SWEEP_EVERY_MS);

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
    clearInterval(reconcileTimer);
    clearInterval(payoutTimer);
    clearInterval(abandonedTimer);
    await app.close();
    await localChain?.stop();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  reconcile();
  retryPayouts();
  discardAbandoned();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
