// `npm start` without CHAIN_RPC_URL: the local chain the server runs (anvil with the contracts),
// handed to the server by its entry point (scripts/server.ts).
import { createServer } from 'node:net';
import path from 'node:path';
import { Secret, type Config } from '../../api/src/config';
import type { ChainSetup } from '../../api/src/modules/chain/chain.settings';
import type { Log, RunningChain } from '../../api/src/modules/chain/local-chain';
import {
  deployContracts,
  devAccounts,
  isDeployed,
  readDeployment,
  startLocalChain,
  writeDeployment,
  type LocalChain,
} from './anvil';

/** The port MetaMask users add for the dev chain; another free port is used when it is taken. */
export const PREFERRED_PORT = 8545;
/** After a failed start: the waits before each background retry (the last one repeats). */
const RETRY_DELAYS_MS = [5_000, 15_000, 30_000, 60_000];

/**
 * One line a person can read: ethers' short message or the first line of the error, long hex
 * (transaction data, bytecode) cut to its first bytes, at most 160 characters.
 */
export function shortReason(err: unknown): string {
  const short = (err as { shortMessage?: unknown } | null)?.shortMessage;
  const text = typeof short === 'string' && short ? short : err instanceof Error ? err.message : String(err);
  const line = (text.split('\n')[0] ?? '').replace(/0x[0-9a-fA-F]{16,}/g, (hex) => `${hex.slice(0, 10)}…`).trim();
  return line.length > 160 ? `${line.slice(0, 159)}…` : line || 'unknown error';
}

// Probed first: if another node already answers on the port, we go straight to a free port.
function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

// startLocalChain only reports a chain once its own anvil printed that it holds the port, so a node
// that took the port at the same moment is never mistaken for ours; on any free port it retries.
async function startAnvil(
  statePath: string,
  chainId: number | undefined,
  preferredPort: number,
  log: Log,
): Promise<LocalChain> {
  if (await portIsFree(preferredPort)) {
    try {
      return await startLocalChain({ port: preferredPort, statePath, chainId });
    } catch {
      // taken between the probe and anvil binding it: fall through to any free port
    }
  }
  log.info({ port: preferredPort }, `port ${preferredPort} is taken: the local chain uses another port`);
  return startLocalChain({ statePath, chainId });
}

async function startAndDeploy(config: Config, preferredPort: number, log: Log) {
  const dir = path.join(config.dataDir, 'chain');
  const chain = await startAnvil(path.join(dir, 'anvil-state.json'), config.chain.chainId, preferredPort, log);
  try {
    const deploymentPath = path.join(dir, 'deployment.json');
    let deployment = readDeployment(deploymentPath);
    if (!deployment || !(await isDeployed(chain.rpcUrl, deployment))) {
      // dev account 0 deploys, owns the token and is funded: it is the local treasury by default
      deployment = await deployContracts(chain.rpcUrl, devAccounts(1)[0].privateKey);
      writeDeployment(deploymentPath, deployment);
      log.info({ token: deployment.token, factory: deployment.factory }, 'deployed contracts on the local chain');
    }
    const setup: ChainSetup = {
      settings: {
        rpcUrl: chain.rpcUrl,
        publicRpcUrl: config.chain.publicRpcUrl ?? chain.rpcUrl,
        chainId: chain.chainId,
        tokenAddress: deployment.token,
        factoryAddress: deployment.factory,
        treasuryKey: config.chain.treasuryPrivateKey ?? new Secret(devAccounts(1)[0].privateKey),
        local: true,
      },
    };
    return { chain, setup };
  } catch (err) {
    await chain.stop();
    throw err;
  }
}

export type ServerChainOptions = { preferredPort?: number; retryDelaysMs?: number[] };

/**
 * `npm start` without CHAIN_RPC_URL: runs anvil with its state under DATA_DIR/chain, deploys the
 * contracts when the recorded deployment has no code there, and returns the settings for them.
 * If anvil cannot run, the server still starts: one short line says why, chain features answer
 * CHAIN_UNAVAILABLE, and it is tried again in the background until it comes up.
 */
export async function startServerChain(
  config: Config,
  log: Log,
  options: ServerChainOptions = {},
): Promise<RunningChain> {
  const preferredPort = options.preferredPort ?? PREFERRED_PORT;
  const delays = options.retryDelaysMs ?? RETRY_DELAYS_MS;
  const listeners: ((setup: ChainSetup) => void)[] = [];
  let chain: LocalChain | undefined;
  let setup: ChainSetup;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retrying: Promise<void> | undefined;

  const up = (started: { chain: LocalChain; setup: ChainSetup }) => {
    chain = started.chain;
    setup = started.setup;
    log.info({ rpcUrl: chain.rpcUrl, chainId: chain.chainId }, 'local chain running');
  };

  const retry = (attempt: number) => {
    retryTimer = setTimeout(
      () => {
        retrying = startAndDeploy(config, preferredPort, log).then(
          async (started) => {
            if (stopped) return void (await started.chain.stop());
            up(started);
            for (const listener of listeners) listener(setup);
          },
          () => {
            if (!stopped) retry(attempt + 1);
          },
        );
      },
      delays[Math.min(attempt, delays.length - 1)],
    );
    retryTimer.unref();
  };

  try {
    up(await startAndDeploy(config, preferredPort, log));
  } catch (err) {
    const reason = shortReason(err);
    log.warn({}, `The local chain (anvil) could not start: ${reason}. Retrying in the background.`);
    setup = {
      unavailable: `The local chain (anvil) could not start: ${reason}. It is being tried again in the background.`,
    };
    retry(0);
  }

  return {
    get setup() {
      return setup;
    },
    attach(use) {
      listeners.push(use);
      use(setup);
    },
    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      await retrying;
      await chain?.stop();
    },
  };
}
