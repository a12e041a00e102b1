import { Interface, type ErrorFragment, type Result } from 'ethers';
import { readArtifact, type ContractName } from './artifacts';

export type DecodedContractError = { name: string; args: Result; selector: string };

const CONTRACTS: ContractName[] = ['IPTToken', 'EscrowFactory', 'RequestEscrow'];

let combined: Interface | undefined;

// Every custom error of every Parley contract (including inherited OpenZeppelin ones): a call to the
// factory can revert with an error of the token or the escrow.
function contractErrors(): Interface {
  if (combined) return combined;
  const bySelector = new Map<string, ErrorFragment>();
  for (const name of CONTRACTS) {
    new Interface(readArtifact(name).abi).forEachError((fragment) => bySelector.set(fragment.selector, fragment));
  }
  combined = new Interface([...bySelector.values()]);
  return combined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object';
}

/** The revert data carried by an ethers/JSON-RPC error, searched through the nested causes. */
export function revertData(error: unknown, depth = 0): string | null {
  if (!isRecord(error) || depth > 5) return null;
  const { data } = error;
  if (typeof data === 'string' && /^0x[0-9a-fA-F]{8}/.test(data)) return data;
  for (const key of ['data', 'error', 'info', 'cause']) {
    const found = revertData(error[key], depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Decodes a contract revert by name. ethers leaves custom errors undecoded when gas estimation
 * fails (`revert: null`, "unknown custom error"), so decode the raw data with the contract ABIs.
 */
export function decodeContractError(error: unknown): DecodedContractError | null {
  const data = revertData(error);
  if (!data) return null;
  const parsed = contractErrors().parseError(data);
  if (!parsed) return null;
  return { name: parsed.name, args: parsed.args, selector: parsed.selector };
}
