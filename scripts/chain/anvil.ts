// Local dev/test chain: anvil from @foundry-rs/anvil, plus deployment of the Parley contracts. The
// server's entry point (scripts/server.ts hands scripts/chain/server-chain.ts to the server), the
// tests, the benchmarks and `npm run chain` (scripts/chain/start-chain.ts) all use it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { ContractFactory, NonceManager, getAddress, type Contract, type Signer } from 'ethers';
import { REPO_ROOT, readArtifact, type ContractName } from '../../api/src/modules/chain/artifacts';
import {
  ANVIL_MNEMONIC,
  createProvider,
  createSigner,
  devAccounts,
  rpcChainId,
} from '../../api/src/modules/chain/chain-client';

// the client's helpers too, so scripts and tests take everything chain-related from here
export {
  ANVIL_MNEMONIC,
  attachContract,
  createProvider,
  createSigner,
  devAccounts,
  rpcChainId,
  toRequestId,
  type DevAccount,
} from '../../api/src/modules/chain/chain-client';

export const DEFAULT_DEPLOYMENT_PATH = join(REPO_ROOT, '.data', 'chain', 'deployment.json');
export const DEFAULT_STATE_PATH = join(REPO_ROOT, '.data', 'chain', 'anvil-state.json');
/** IPT minted to each funded dev account. */
export const DEV_FUNDING = 1_000_000n;

export type LocalChain = { rpcUrl: string; chainId: number; port: number; stop: () => Promise<void> };

export type LocalChainOptions = {
  /** Defaults to a free port. */
  port?: number;
  /** anvil `--state`: loaded at start if it exists, written on stop and every `stateIntervalSeconds`. */
  statePath?: string;
  stateIntervalSeconds?: number;
  mnemonic?: string;
  chainId?: number;
  /** Forward anvil's log to this process's stdout/stderr. */
  verbose?: boolean;
};

export type Deployment = {
  chainId: number;
  token: string;
  factory: string;
  escrowImplementation: string;
  deployer: string;
  /** Block of the factory deployment: where event scans start. */
  blockNumber: number;
};

export type DeployOptions = {
  /** How many dev accounts (derived from `mnemonic`, index 0 up) get `fundAmount` IPT. */
  fundAccounts?: number;
  fundAmount?: bigint;
  mnemonic?: string;
};

const require = createRequire(import.meta.url);

/** The native anvil binary from the platform package, or the npm wrapper script as a fallback. */
export function anvilCommand(): { command: string; args: string[] } {
  const packageJson = require.resolve('@foundry-rs/anvil/package.json');
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  try {
    // Spawning the binary directly means stop() signals anvil itself, not a wrapper process.
    const native = createRequire(packageJson).resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/${binary}`);
    if (existsSync(native)) return { command: native, args: [] };
  } catch {
    // fall through to the wrapper
  }
  return { command: process.execPath, args: [join(dirname(packageJson), 'bin.mjs')] };
}

/** A port that was free a moment ago (anvil cannot bind port 0 and report it back). */
export function findFreePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolvePort(address.port);
        else reject(new Error('no port assigned'));
      });
    });
  });
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((done) => {
    const timer = setTimeout(() => done(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      done(true);
    });
  });
}

async function startOnce(port: number, options: LocalChainOptions): Promise<LocalChain> {
  const { command, args } = anvilCommand();
  const anvilArgs = ['--host', '127.0.0.1', '--port', String(port), '--mnemonic', options.mnemonic ?? ANVIL_MNEMONIC];
  if (options.chainId !== undefined) anvilArgs.push('--chain-id', String(options.chainId));
  if (options.statePath) {
    mkdirSync(dirname(options.statePath), { recursive: true });
    anvilArgs.push('--state', options.statePath, '--state-interval', String(options.stateIntervalSeconds ?? 10));
  }
  const child = spawn(command, [...args, ...anvilArgs], { stdio: ['ignore', 'pipe', 'pipe'] });

  // Keep the end of the log for error messages; always drain the pipes so anvil never blocks on them.
  // "Listening on <host>:<port>" is printed by our anvil only once it holds the port: until then an
  // answer on that port may come from another node that took it at the same moment.
  let log = '';
  let listening = false;
  const collect = (forward: NodeJS.WriteStream) => (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4_000);
    if (!listening && log.includes(`Listening on 127.0.0.1:${port}`)) listening = true;
    if (options.verbose) forward.write(chunk);
  };
  child.stdout?.on('data', collect(process.stdout));
  child.stderr?.on('data', collect(process.stderr));
  let spawnError: Error | undefined;
  child.on('error', (error) => {
    spawnError = error;
  });

  // A crashed test run must not leave anvil behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    // SIGTERM lets anvil write its --state file before exiting.
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    if (!(await waitForExit(child, 5_000))) {
      child.kill('SIGKILL');
      await waitForExit(child, 2_000);
    }
  };

  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (spawnError || child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new LocalChainError(
        `anvil exited before answering on ${rpcUrl}: ${spawnError?.message ?? anvilErrorLine(log)}`,
        log,
      );
    }
    if (!listening) {
      await sleep(25);
      continue;
    }
    try {
      const chainId = await rpcChainId(rpcUrl);
      return { rpcUrl, chainId, port, stop };
    } catch {
      await sleep(25);
    }
  }
  await stop();
  throw new LocalChainError(`anvil did not answer on ${rpcUrl} within 20 s`, log);
}

/** A start that failed; `log` is the end of anvil's own output, for whoever wants the detail. */
export class LocalChainError extends Error {
  constructor(
    message: string,
    readonly log: string,
  ) {
    super(message);
    this.name = 'LocalChainError';
  }
}

// anvil's "Error: Address already in use (os error 98)", or its last line.
function anvilErrorLine(log: string): string {
  const lines = log
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return (lines.find((line) => /^error/i.test(line)) ?? lines.at(-1) ?? 'no output').slice(0, 200);
}

/** Starts anvil on 127.0.0.1 and resolves once its JSON-RPC answers. */
export async function startLocalChain(options: LocalChainOptions = {}): Promise<LocalChain> {
  if (options.port !== undefined) return startOnce(options.port, options);
  // The free port can be taken between probing and anvil binding it: retry with another.
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await startOnce(await findFreePort(), options);
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

async function deploy(name: ContractName, signer: Signer, args: unknown[]): Promise<Contract> {
  const artifact = readArtifact(name);
  const factory = new ContractFactory(artifact.abi, artifact.bytecode, signer);
  const contract = await factory.deploy(...args);
  await contract.waitForDeployment();
  return contract as Contract;
}

/**
 * Deploys IPTToken and EscrowFactory from `deployerKey` (owner of both), makes the deployer an
 * escrow operator and mints `fundAmount` IPT to each of the first `fundAccounts` dev accounts.
 */
export async function deployContracts(
  rpcUrl: string,
  deployerKey: string,
  options: DeployOptions = {},
): Promise<Deployment> {
  const chainId = await rpcChainId(rpcUrl);
  const provider = createProvider(rpcUrl, chainId);
  try {
    // Pipelined setup transactions: none is expected to fail, and any failure aborts the deployment.
    const signer = new NonceManager(createSigner(provider, deployerKey));
    const deployer = await signer.getAddress();

    const token = await deploy('IPTToken', signer, [deployer]);
    const tokenAddress = await token.getAddress();
    const factory = await deploy('EscrowFactory', signer, [tokenAddress, deployer]);
    const factoryAddress = await factory.getAddress();
    const receipt = await factory.deploymentTransaction()?.wait();
    if (!receipt) throw new Error('EscrowFactory deployment has no receipt');

    const pending = [await factory.getFunction('setOperator')(deployer, true)];
    const amount = options.fundAmount ?? DEV_FUNDING;
    for (const account of devAccounts(options.fundAccounts ?? 10, options.mnemonic)) {
      pending.push(await token.getFunction('mint')(account.address, amount));
    }
    for (const tx of pending) {
      const mined = await tx.wait();
      if (mined?.status !== 1) throw new Error(`setup transaction ${tx.hash} failed`);
    }

    return {
      chainId,
      token: tokenAddress,
      factory: factoryAddress,
      escrowImplementation: getAddress(await factory.getFunction('implementation')()),
      deployer,
      blockNumber: receipt.blockNumber,
    };
  } finally {
    provider.destroy();
  }
}

function isDeployment(value: unknown): value is Deployment {
  if (value === null || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  const isAddress = (key: string) => typeof record[key] === 'string' && /^0x[0-9a-fA-F]{40}$/.test(record[key]);
  return (
    Number.isInteger(record.chainId) &&
    Number.isInteger(record.blockNumber) &&
    ['token', 'factory', 'escrowImplementation', 'deployer'].every(isAddress)
  );
}

export function writeDeployment(path: string = DEFAULT_DEPLOYMENT_PATH, deployment: Deployment): void {
  mkdirSync(dirname(path), { recursive: true });
  const { chainId, token, factory, escrowImplementation, deployer, blockNumber } = deployment;
  const ordered: Deployment = { chainId, token, factory, escrowImplementation, deployer, blockNumber };
  writeFileSync(path, `${JSON.stringify(ordered, null, 2)}\n`);
}

/** The deployment recorded at `path`, or null if there is none; throws on a malformed file. */
export function readDeployment(path: string = DEFAULT_DEPLOYMENT_PATH): Deployment | null {
  if (!existsSync(path)) return null;
  const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (!isDeployment(parsed)) throw new Error(`${path} is not a deployment file`);
  return parsed;
}

/** Whether the contracts recorded in `deployment` exist on the chain at `rpcUrl`. */
export async function isDeployed(rpcUrl: string, deployment: Deployment): Promise<boolean> {
  const chainId = await rpcChainId(rpcUrl);
  if (chainId !== deployment.chainId) return false;
  const provider = createProvider(rpcUrl, chainId);
  try {
    const codes = await Promise.all(
      [deployment.token, deployment.factory, deployment.escrowImplementation].map((a) => provider.getCode(a)),
    );
    return codes.every((code) => code !== '0x');
  } finally {
    provider.destroy();
  }
}
