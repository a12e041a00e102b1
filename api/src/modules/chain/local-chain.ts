import type { FastifyBaseLogger } from 'fastify';
import { createServer } from 'node:net';
import path from 'node:path';
import {
  deployContracts,
  devAccounts,
  isDeployed,
  readDeployment,
  startLocalChain,
  writeDeployment,
  type LocalChain,
} from '../../../../scripts/chain/local-chain';
import { Secret, type Config } from '../../config';
import type { ChainSetup } from './chain.settings';

/** The port MetaMask users add for the dev chain; another free port is used when it is taken. */
const PREFERRED_PORT = 8545;

export type RunningChain = { setup: ChainSetup; stop: () => Promise<void> };

type Log = { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };

/** A log that keeps lines until the app's logger exists (the chain starts while the database opens). */
export function deferredLog(): Log & { replayTo(log: Pick<FastifyBaseLogger, 'info' | 'warn'>): void } {
  const lines: { level: 'info' | 'warn'; obj: object; msg: string }[] = [];
  return {
    info: (obj, msg) => lines.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => lines.push({ level: 'warn', obj, msg }),
    replayTo(log) {
      for (const l of lines.splice(0)) log[l.level](l.obj, l.msg);
    },
  };
}

// Probed first: if another node already answers on the port, anvil's own start-up check would
// mistake that node for ours before our anvil exits with "address in use".
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function startAnvil(statePath: string, chainId: number | undefined, log: Log): Promise<LocalChain> {
  if (await portIsFree(PREFERRED_PORT)) {
    try {
      return await startLocalChain({ port: PREFERRED_PORT, statePath, chainId });
    } catch {
      // taken between the probe and anvil binding it: fall through to any free port
    }
  }
  log.info({ port: PREFERRED_PORT }, 'port taken: the local chain uses another port');
  return startLocalChain({ statePath, chainId });
}

/**
 * `npm start` without CHAIN_RPC_URL: runs anvil with its state under DATA_DIR/chain, deploys the
 * contracts when the recorded deployment has no code there, and returns the settings for them.
 * If anvil cannot run, the server still starts and chain features report why.
 */
export async function startServerChain(config: Config, log: Log): Promise<RunningChain> {
  const dir = path.join(config.dataDir, 'chain');
  let chain: LocalChain | undefined;
  try {
    chain = await startAnvil(path.join(dir, 'anvil-state.json'), config.chain.chainId, log);
    const deploymentPath = path.join(dir, 'deployment.json');
    let deployment = readDeployment(deploymentPath);
    if (!deployment || !(await isDeployed(chain.rpcUrl, deployment))) {
      // dev account 0 deploys, owns the token and is funded: it is the local treasury by default
      deployment = await deployContracts(chain.rpcUrl, devAccounts(1)[0].privateKey);
      writeDeployment(deploymentPath, deployment);
      log.info({ token: deployment.token, factory: deployment.factory }, 'deployed contracts on the local chain');
    }
    const running = chain;
    log.info({ rpcUrl: chain.rpcUrl, chainId: chain.chainId }, 'local chain running');
    return {
      setup: {
        settings: {
          rpcUrl: chain.rpcUrl,
          publicRpcUrl: config.chain.publicRpcUrl ?? chain.rpcUrl,
          chainId: chain.chainId,
          tokenAddress: deployment.token,
          factoryAddress: deployment.factory,
          treasuryKey: config.chain.treasuryPrivateKey ?? new Secret(devAccounts(1)[0].privateKey),
          local: true,
        },
      },
      stop: () => running.stop(),
    };
  } catch (err) {
    await chain?.stop();
    const reason = `The local chain (anvil) could not start: ${(err as Error).message.split('\n')[0]}`;
    log.warn({ err }, reason);
    return { setup: { unavailable: reason }, stop: async () => {} };
  }
}
