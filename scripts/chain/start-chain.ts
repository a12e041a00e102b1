// `npm run chain`: the local dev chain on its own (anvil from @foundry-rs/anvil, with the Parley
// contracts deployed), the library in scripts/chain/anvil.ts.
//   npx tsx scripts/chain/start-chain.ts [--port 8545] [--state .data/chain/anvil-state.json]
//                                        [--deployment .data/chain/deployment.json]
// It keeps the chain in a state file across restarts, deploys only when the recorded contracts are
// missing, writes the deployment file the server and web read, and runs until killed.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_DEPLOYMENT_PATH,
  DEFAULT_STATE_PATH,
  deployContracts,
  devAccounts,
  isDeployed,
  readDeployment,
  startLocalChain,
  writeDeployment,
  type Deployment,
} from './anvil';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8545' },
      state: { type: 'string', default: DEFAULT_STATE_PATH },
      deployment: { type: 'string', default: DEFAULT_DEPLOYMENT_PATH },
      verbose: { type: 'boolean', default: false },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port <= 0 || port > 65_535) throw new Error(`invalid --port ${values.port}`);
  const statePath = resolve(values.state);
  const deploymentPath = resolve(values.deployment);

  const chain = await startLocalChain({ port, statePath, verbose: values.verbose });
  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping anvil (state saved to ${statePath})`);
    await chain.stop();
    process.exit(0);
  };
  process.on('SIGINT', (signal) => void shutdown(signal));
  process.on('SIGTERM', (signal) => void shutdown(signal));

  try {
    const existing = readDeployment(deploymentPath);
    let deployment: Deployment;
    if (existing && (await isDeployed(chain.rpcUrl, existing))) {
      deployment = existing;
      console.log(`contracts already deployed (from ${deploymentPath})`);
    } else {
      const [deployer] = devAccounts(1);
      deployment = await deployContracts(chain.rpcUrl, deployer.privateKey);
      writeDeployment(deploymentPath, deployment);
      console.log(`deployed contracts, wrote ${deploymentPath}`);
    }
    console.log(`anvil on ${chain.rpcUrl} (chain id ${chain.chainId})`);
    console.log(`  IPTToken      ${deployment.token}`);
    console.log(`  EscrowFactory ${deployment.factory}`);
    console.log(`  operator      ${deployment.deployer}`);
    console.log('Ctrl-C to stop.');
  } catch (error) {
    await chain.stop();
    throw error;
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
