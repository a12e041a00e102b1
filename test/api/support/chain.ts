import type { Contract, JsonRpcProvider } from 'ethers';
import {
  attachContract,
  createProvider,
  deployContracts,
  devAccounts,
  startLocalChain,
  type Deployment,
  type DevAccount,
  type LocalChain,
} from '../../../scripts/chain/anvil';
import type { ChainSettings } from '../../../api/src/modules/chain/chain.settings';
import { startTestServer, type TestServer } from './server';

export type ChainServer = {
  chain: LocalChain;
  deployment: Deployment;
  provider: JsonRpcProvider;
  token: Contract;
  factory: Contract;
  server: TestServer;
  /** dev account 0: deploys the contracts, is the factory's operator and the server's treasury */
  treasury: DevAccount;
  /** IPT balance of an address on-chain */
  onChain(address: string): Promise<bigint>;
  close(): Promise<void>;
};

/**
 * A real anvil with the real contracts and a server pointed at it like at any configured chain
 * (as with `npm start`: dev account 0 is the treasury); the first `fundAccounts` dev accounts
 * hold `fundAmount` IPT. `start` starts the server (e2e: startAppServer, with the web build).
 */
export async function startChainServer(
  fundAccounts: number,
  fundAmount: bigint,
  start: (env: Record<string, string>) => Promise<TestServer> = startTestServer,
): Promise<ChainServer> {
  const [treasury] = devAccounts(1);
  const chain = await startLocalChain();
  const deployment = await deployContracts(chain.rpcUrl, treasury.privateKey, { fundAccounts, fundAmount });
  const provider = createProvider(chain.rpcUrl, chain.chainId);
  const token = attachContract('IPTToken', deployment.token, provider);
  const server = await start({
    CHAIN_RPC_URL: chain.rpcUrl,
    CHAIN_ID: String(chain.chainId),
    IPT_TOKEN_ADDRESS: deployment.token,
    ESCROW_FACTORY_ADDRESS: deployment.factory,
    TREASURY_PRIVATE_KEY: treasury.privateKey,
  });
  return {
    chain,
    deployment,
    provider,
    token,
    factory: attachContract('EscrowFactory', deployment.factory, provider),
    server,
    treasury,
    onChain: async (address) => (await token.getFunction('balanceOf')(address)) as bigint,
    async close() {
      await server.close();
      provider.destroy();
      await chain.stop();
    },
  };
}

/** Makes the server treat its configured chain as the one it runs itself (npm start): test funds exist. */
export function runAsLocalChain(server: TestServer): void {
  const settings = (server.services.chain as unknown as { setup: { settings: ChainSettings } }).setup.settings;
  server.services.chain.use({ settings: { ...settings, local: true } });
}
