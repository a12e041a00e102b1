import { getAddress, Wallet, type Contract, type JsonRpcProvider } from 'ethers';
import { randomUUID } from 'node:crypto';
import {
  attachContract,
  createProvider,
  createSigner,
  deployContracts,
  devAccounts,
  startLocalChain,
  toRequestId,
  type Deployment,
  type LocalChain,
} from '../../../scripts/chain/anvil';
import { encryptCollectionResponse } from '../../../scripts/simulate/response-crypto';
import { TestClient } from './client';
import type { TestUser } from './factories';
import { collectionBody, createRequest, newDevice, type KeyPair, type LegacyRequest } from './requests';

/**
 * A real anvil with the real contracts: dev account 0 deploys the factory, is its operator and the
 * server's treasury (as with `npm start`); dev account 1 is the requester's browser wallet.
 */
export type TestChain = {
  chain: LocalChain;
  deployment: Deployment;
  provider: JsonRpcProvider;
  requester: Wallet;
  /** the server's chain settings */
  env: Record<string, string>;
  /** IPT held by an address */
  balance(address: string): Promise<bigint>;
  stop(): Promise<void>;
};

export async function startTestChain(): Promise<TestChain> {
  const [treasury, requesterAccount] = devAccounts(2);
  const chain = await startLocalChain();
  const deployment = await deployContracts(chain.rpcUrl, treasury.privateKey, { fundAccounts: 3, fundAmount: 10_000n });
  const provider = createProvider(chain.rpcUrl, chain.chainId);
  const token = attachContract('IPTToken', deployment.token, provider);
  return {
    chain,
    deployment,
    provider,
    requester: createSigner(provider, requesterAccount.privateKey),
    env: {
      CHAIN_RPC_URL: chain.rpcUrl,
      CHAIN_ID: String(chain.chainId),
      IPT_TOKEN_ADDRESS: deployment.token,
      ESCROW_FACTORY_ADDRESS: deployment.factory,
      TREASURY_PRIVATE_KEY: treasury.privateKey,
    },
    balance: async (address) => (await token.getFunction('balanceOf')(address)) as bigint,
    async stop() {
      provider.destroy();
      await chain.stop();
    },
  };
}

/** What the wizard does in the browser: approve the factory, create and fund the escrow. */
export async function fundEscrow(c: TestChain, requestId: string, amount: bigint, each: bigint): Promise<string> {
  const token = attachContract('IPTToken', c.deployment.token, c.requester);
  const factory = attachContract('EscrowFactory', c.deployment.factory, c.requester) as Contract;
  await (await token.getFunction('approve')(c.deployment.factory, amount)).wait();
  await (await factory.getFunction('createEscrow')(toRequestId(requestId), amount, each)).wait();
  return getAddress((await factory.getFunction('escrowOf')(toRequestId(requestId))) as string);
}

/** A published collection whose escrow holds `amount` IPT paying `each` per response. */
export async function publishFundedCollection(
  c: TestChain,
  user: TestUser,
  key: KeyPair,
  amount: number,
  each: number,
  extra: Record<string, unknown> = {},
): Promise<LegacyRequest & { escrow: string }> {
  const id = randomUUID();
  const escrow = await fundEscrow(c, id, BigInt(amount), BigInt(each));
  const r = await createRequest(
    user,
    collectionBody(key.id, {
      id,
      bonus_amount: amount,
      bonus_each: each,
      status: 1,
      newchild: escrow,
      address: c.requester.address,
      ...extra,
    }),
  );
  return { ...r, escrow };
}

/** A phone answers a collection (sealed to the request's key) with a fresh wallet. */
export async function submitCollection(
  url: string,
  r: LegacyRequest,
  key: KeyPair,
  walletAddress = Wallet.createRandom().address,
  deviceId = newDevice(),
) {
  const sealed = await encryptCollectionResponse(r.id, key.publicKeyPem, { firstName: 'Test' });
  const res = await new TestClient(url).rest('POST', '/v1/requestClient/submitCollection', {
    requestId: r.id,
    deviceId,
    walletAddress,
    ...sealed,
  });
  if (res.status !== 200) throw new Error(JSON.stringify(res.body));
  return { walletAddress, deviceId };
}

export type PayoutState = { status: string; txHash: string | null; amount: number } | null;

/** The payout as the phone sees it. */
export async function payoutOf(url: string, requestId: string, deviceId: string): Promise<PayoutState> {
  const res = await new TestClient(url).rest<{ payout: PayoutState }>(
    'GET',
    '/v1/requestClient/checkSubmitted',
    undefined,
    { requestId, deviceId },
  );
  return res.body.result?.payout ?? null;
}
