import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ARTIFACTS_DIR } from '../../api/src/modules/chain/artifacts';
import { EVM_VERSION, OPTIMIZER, SOLC_VERSION, checkArtifacts } from '../../scripts/chain/compile';

describe('contract artifacts', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'parley-artifacts-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('match a fresh build of contracts/src with the pinned compiler', () => {
    const result = checkArtifacts();
    expect(result.differences).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('record the pinned compiler settings', () => {
    for (const name of ['IPTToken', 'EscrowFactory', 'RequestEscrow']) {
      const artifact = JSON.parse(readFileSync(join(ARTIFACTS_DIR, `${name}.json`), 'utf8'));
      expect(Object.keys(artifact)).toEqual(['contractName', 'abi', 'bytecode', 'deployedBytecode', 'compiler']);
      expect(artifact.contractName).toBe(name);
      expect(artifact.compiler.version).toMatch(new RegExp(`^${SOLC_VERSION.replaceAll('.', '\\.')}\\+commit\\.`));
      expect(artifact.compiler.evmVersion).toBe(EVM_VERSION);
      expect(artifact.compiler.optimizer).toEqual(OPTIMIZER);
      expect(artifact.bytecode).toMatch(/^0x[0-9a-f]{200,}$/);
    }
  });

  it('reports edited, missing and stale artifacts', () => {
    const dir = join(scratch, 'artifacts');
    cpSync(ARTIFACTS_DIR, dir, { recursive: true });
    const escrowPath = join(dir, 'RequestEscrow.json');
    const escrow = JSON.parse(readFileSync(escrowPath, 'utf8'));
    // One flipped nibble in the runtime code.
    const code: string = escrow.deployedBytecode;
    escrow.deployedBytecode = `${code.slice(0, 100)}${code[100] === '0' ? '1' : '0'}${code.slice(101)}`;
    writeFileSync(escrowPath, `${JSON.stringify(escrow, null, 2)}\n`);
    rmSync(join(dir, 'IPTToken.json'));
    writeFileSync(join(dir, 'OldContract.json'), '{}\n');

    const result = checkArtifacts(dir);
    expect(result.ok).toBe(false);
    expect(result.differences).toEqual([
      'IPTToken.json: missing',
      'RequestEscrow.json: differs in deployedBytecode',
      'OldContract.json: stale (no such contract)',
    ]);
  });
});
