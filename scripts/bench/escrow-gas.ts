// Gas of the escrow lifecycle on a fresh anvil, and what minimal-proxy clones save over deploying a
// full RequestEscrow per request. All numbers come from one run.
//   npx tsx scripts/bench/escrow-gas.ts
import { ContractFactory, type ContractTransactionResponse, type TransactionReceipt } from 'ethers';
import { readArtifact } from '../../api/src/modules/chain/artifacts';
import {
  attachContract,
  createProvider,
  createSigner,
  deployContracts,
  devAccounts,
  startLocalChain,
  toRequestId,
} from '../chain/anvil';

async function gasOf(tx: Promise<ContractTransactionResponse>): Promise<bigint> {
  const receipt: TransactionReceipt | null = await (await tx).wait();
  if (!receipt || receipt.status !== 1) throw new Error('transaction failed');
  return receipt.gasUsed;
}

async function main(): Promise<void> {
  const chain = await startLocalChain();
  const provider = createProvider(chain.rpcUrl, chain.chainId);
  try {
    const [deployerKey, requesterKey, aliceKey, bobKey] = devAccounts(4);
    const deployment = await deployContracts(chain.rpcUrl, deployerKey.privateKey, {
      fundAccounts: 4,
      fundAmount: 1_000n,
    });
    const operator = createSigner(provider, deployerKey.privateKey);
    const requester = createSigner(provider, requesterKey.privateKey);
    const token = attachContract('IPTToken', deployment.token, requester);
    const factory = attachContract('EscrowFactory', deployment.factory, requester);

    // Clone path: approve, then one createEscrow (clone + initialize + transferFrom + event).
    const approveGas = await gasOf(token.getFunction('approve')(deployment.factory, 100n));
    const requestId = toRequestId('bench-request');
    const createGas = await gasOf(factory.getFunction('createEscrow')(requestId, 100n, 10n));
    const escrow = attachContract('RequestEscrow', await factory.getFunction('escrowOf')(requestId), operator);
    // alice and bob already hold IPT; a first-time holder also pays for a fresh balance slot.
    const payGas = await gasOf(escrow.getFunction('pay')(aliceKey.address));
    const payAgainGas = await gasOf(escrow.getFunction('pay')(bobKey.address));
    const payFreshGas = await gasOf(escrow.getFunction('pay')(devAccounts(11)[10].address));
    const closeGas = await gasOf(escrow.getFunction('close')());

    // `new` path: a full RequestEscrow deployed per request, then funded with a transfer. (Its
    // constructor locks it, so this leaves out initialize(): the real cost would be higher still.)
    const artifact = readArtifact('RequestEscrow');
    const direct = await new ContractFactory(artifact.abi, artifact.bytecode, requester).deploy();
    const deployReceipt = await direct.deploymentTransaction()?.wait();
    if (!deployReceipt) throw new Error('no deployment receipt');
    const deployGas = deployReceipt.gasUsed;
    const fundGas = await gasOf(token.getFunction('transfer')(await direct.getAddress(), 100n));

    const rows: [string, bigint][] = [
      ['approve (factory)', approveGas],
      ['createEscrow (clone + init + fund)', createGas],
      ['pay (existing holder)', payGas],
      ['pay (another existing holder)', payAgainGas],
      ['pay (first-time holder)', payFreshGas],
      ['close (refund remainder)', closeGas],
      ['new RequestEscrow (deploy only)', deployGas],
      ['new RequestEscrow + fund transfer', deployGas + fundGas],
    ];
    console.log(
      `escrow gas on anvil ${chain.rpcUrl}, chain ${chain.chainId}, ${artifact.compiler.version}, evm ${artifact.compiler.evmVersion}`,
    );
    for (const [label, gas] of rows) console.log(`  ${label.padEnd(38)} ${gas.toString().padStart(9)}`);
    const ratio = (a: bigint, b: bigint) => (Number(a) / Number(b)).toFixed(3);
    console.log(`  ratio createEscrow / deploy only        ${ratio(createGas, deployGas).padStart(9)}`);
    console.log(`  ratio createEscrow / deploy + fund      ${ratio(createGas, deployGas + fundGas).padStart(9)}`);
    if (createGas >= 300_000n) {
      console.error(`createEscrow used ${createGas} gas, budget is 300000`);
      process.exitCode = 1;
    }
  } finally {
    provider.destroy();
    await chain.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
