// Compiles contracts/src with the pinned solc-js and writes contracts/artifacts/<Name>.json.
//   npx tsx scripts/chain/compile.ts          write artifacts
//   npx tsx scripts/chain/compile.ts --check  exit 1 if the committed artifacts differ from a fresh build
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';
import {
  ARTIFACTS_DIR,
  CONTRACTS_DIR,
  type ContractArtifact,
  type OptimizerSettings,
} from '../../api/src/modules/chain/artifacts';

// Pinned build: changing any of these changes the bytecode, so the artifacts must be rebuilt.
export const SOLC_VERSION = '0.8.37';
// anvil runs newer forks too, but cancun is the newest fork every chain we target accepts.
export const EVM_VERSION = 'cancun';
export const OPTIMIZER: OptimizerSettings = { enabled: true, runs: 200 };

const SOURCES_DIR = join(CONTRACTS_DIR, 'src');
const require = createRequire(import.meta.url);
const OPENZEPPELIN_PREFIX = '@openzeppelin/contracts/';
const OPENZEPPELIN_DIR = dirname(require.resolve('@openzeppelin/contracts/package.json'));

type ImportResult = { contents: string } | { error: string };
type SolcCompile = (input: string, callbacks: { import: (path: string) => ImportResult }) => string;
type SolcError = { severity: 'error' | 'warning' | 'info'; formattedMessage: string };
type SolcContractOutput = {
  abi: unknown[];
  evm: { bytecode: { object: string }; deployedBytecode: { object: string } };
};
type SolcOutput = {
  errors?: SolcError[];
  contracts?: Record<string, Record<string, SolcContractOutput>>;
};

/** Full compiler version, e.g. `0.8.37+commit.….Emscripten.clang`; throws unless it is the pinned one. */
export function compilerVersion(): string {
  const version: string = solc.version();
  if (!version.startsWith(`${SOLC_VERSION}+`)) {
    throw new Error(`solc ${version} is installed but the build is pinned to ${SOLC_VERSION}; run npm ci`);
  }
  return version;
}

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return listSources(path);
      return entry.name.endsWith('.sol') ? [path] : [];
    })
    .sort();
}

// Source unit names are repo-independent (`src/...`, `@openzeppelin/...`) so the build does not
// depend on where the checkout lives.
function sourceUnitName(path: string): string {
  return relative(CONTRACTS_DIR, path).split(sep).join('/');
}

function resolveImport(path: string): ImportResult {
  if (!path.startsWith(OPENZEPPELIN_PREFIX) || path.split('/').includes('..')) {
    return { error: `import not allowed: ${path}` };
  }
  const file = join(OPENZEPPELIN_DIR, path.slice(OPENZEPPELIN_PREFIX.length));
  if (!existsSync(file)) return { error: `not found: ${path}` };
  return { contents: readFileSync(file, 'utf8') };
}

// Object keys sorted recursively; arrays keep their order (ABI order is significant to nobody but
// is deterministic in solc's output).
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([key, inner]) => [key, sortKeys(inner)]));
  }
  return value;
}

/** Compiles every contract under contracts/src; returns artifact file name -> file text. */
export function buildArtifacts(): Map<string, string> {
  const version = compilerVersion();
  const sources = Object.fromEntries(
    listSources(SOURCES_DIR).map((path) => [sourceUnitName(path), { content: readFileSync(path, 'utf8') }]),
  );
  const input = {
    language: 'Solidity',
    sources,
    settings: {
      evmVersion: EVM_VERSION,
      optimizer: OPTIMIZER,
      // No metadata hash in the bytecode: it would change with comments and file paths.
      metadata: { bytecodeHash: 'none' },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  };
  const compile: SolcCompile = solc.compile;
  const output = JSON.parse(compile(JSON.stringify(input), { import: resolveImport })) as SolcOutput;

  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  for (const warning of output.errors ?? []) console.warn(warning.formattedMessage);

  const files = new Map<string, string>();
  for (const [unit, contracts] of Object.entries(output.contracts ?? {})) {
    if (!unit.startsWith('src/')) continue;
    for (const [contractName, out] of Object.entries(contracts)) {
      // Interfaces and abstract contracts have no bytecode and no artifact.
      if (out.evm.bytecode.object === '') continue;
      if (files.has(`${contractName}.json`)) throw new Error(`two contracts named ${contractName}`);
      const artifact: ContractArtifact = {
        contractName,
        abi: out.abi.map(sortKeys) as ContractArtifact['abi'],
        bytecode: `0x${out.evm.bytecode.object}`,
        deployedBytecode: `0x${out.evm.deployedBytecode.object}`,
        compiler: { version, evmVersion: EVM_VERSION, optimizer: { enabled: OPTIMIZER.enabled, runs: OPTIMIZER.runs } },
      };
      files.set(`${contractName}.json`, `${JSON.stringify(artifact, null, 2)}\n`);
    }
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** Writes the artifacts and removes stale ones; returns the file names written. */
export function writeArtifacts(artifactsDir = ARTIFACTS_DIR): string[] {
  const files = buildArtifacts();
  mkdirSync(artifactsDir, { recursive: true });
  for (const existing of readdirSync(artifactsDir)) {
    if (existing.endsWith('.json') && !files.has(existing)) rmSync(join(artifactsDir, existing));
  }
  for (const [name, text] of files) writeFileSync(join(artifactsDir, name), text);
  return [...files.keys()];
}

export type ArtifactCheck = { ok: boolean; differences: string[] };

function describeDifference(name: string, committed: string, fresh: string): string {
  try {
    const a = JSON.parse(committed) as Record<string, unknown>;
    const b = JSON.parse(fresh) as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    const changed = keys.filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
    return `${name}: differs in ${changed.length > 0 ? changed.join(', ') : 'formatting'}`;
  } catch {
    return `${name}: not valid JSON`;
  }
}

/** Rebuilds in memory and compares with the artifacts on disk, byte for byte. */
export function checkArtifacts(artifactsDir = ARTIFACTS_DIR): ArtifactCheck {
  const fresh = buildArtifacts();
  const differences: string[] = [];
  const onDisk = existsSync(artifactsDir) ? readdirSync(artifactsDir).filter((f) => f.endsWith('.json')) : [];
  for (const [name, text] of fresh) {
    const path = join(artifactsDir, name);
    if (!existsSync(path)) differences.push(`${name}: missing`);
    else {
      const committed = readFileSync(path, 'utf8');
      if (committed !== text) differences.push(describeDifference(name, committed, text));
    }
  }
  for (const name of onDisk) if (!fresh.has(name)) differences.push(`${name}: stale (no such contract)`);
  return { ok: differences.length === 0, differences };
}

function main(): void {
  if (process.argv.includes('--check')) {
    const result = checkArtifacts();
    if (!result.ok) {
      console.error('contracts/artifacts is out of date with contracts/src:');
      for (const line of result.differences) console.error(`  ${line}`);
      console.error('Rebuild with: npx tsx scripts/chain/compile.ts');
      process.exit(1);
    }
    console.log('contracts/artifacts matches a fresh build');
    return;
  }
  const written = writeArtifacts();
  console.log(`wrote ${written.map((name) => relative(process.cwd(), join(ARTIFACTS_DIR, name))).join(', ')}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
