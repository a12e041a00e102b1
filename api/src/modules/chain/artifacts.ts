import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InterfaceAbi } from 'ethers';

// Repo root (this file is api/src/modules/chain/artifacts.ts), whatever the working directory.
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..');
export const CONTRACTS_DIR = join(REPO_ROOT, 'contracts');
export const ARTIFACTS_DIR = join(CONTRACTS_DIR, 'artifacts');

export type ContractName = 'IPTToken' | 'EscrowFactory' | 'RequestEscrow';

export type OptimizerSettings = { enabled: boolean; runs: number };

export type ContractArtifact = {
  contractName: string;
  abi: InterfaceAbi;
  bytecode: string;
  deployedBytecode: string;
  compiler: { version: string; evmVersion: string; optimizer: OptimizerSettings };
};

const cache = new Map<string, ContractArtifact>();

/** Reads a committed artifact written by `scripts/chain/compile.ts`. */
export function readArtifact(name: ContractName, artifactsDir = ARTIFACTS_DIR): ContractArtifact {
  const path = join(artifactsDir, `${name}.json`);
  const cached = cache.get(path);
  if (cached) return cached;
  const artifact = JSON.parse(readFileSync(path, 'utf8')) as ContractArtifact;
  if (artifact.contractName !== name || !artifact.bytecode.startsWith('0x')) {
    throw new Error(`${path} is not a contract artifact for ${name}; run: npx tsx scripts/chain/compile.ts`);
  }
  cache.set(path, artifact);
  return artifact;
}
