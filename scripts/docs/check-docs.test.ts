import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkDocuments, listDocuments } from './check-docs';

const root = process.cwd();

describe('the documents', () => {
  it('README.md, CONTRIBUTING.md and docs/ link only to what exists, and user docs name no source file', () => {
    const docs = listDocuments(root);
    expect(docs).toEqual(expect.arrayContaining(['README.md', 'CONTRIBUTING.md', 'docs/README.md']));
    expect(checkDocuments(root, docs)).toEqual([]);
  });

  it('README.md stays an entry point of at most 12 kB', () => {
    expect(readFileSync(path.join(root, 'README.md')).byteLength).toBeLessThanOrEqual(12 * 1024);
  });
});

describe('the document checker', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  let changed = '';
  // A copy of the repository's documents, one of them changed (the one the checker then reads).
  function copyWith(file: string, change: (text: string) => string): string {
    changed = file;
    dir = mkdtempSync(path.join(tmpdir(), 'parley-docs-'));
    for (const doc of listDocuments(root)) cpSync(path.join(root, doc), path.join(dir, doc), { recursive: true });
    cpSync(path.join(root, 'docs/vectors'), path.join(dir, 'docs/vectors'), { recursive: true });
    const target = path.join(dir, file);
    writeFileSync(target, change(readFileSync(target, 'utf8')));
    return dir;
  }
  const messages = (copy: string) => checkDocuments(copy, [changed]).map((p) => `${p.file}: ${p.message}`);

  it('finds a link to a file that does not exist', () => {
    const copy = copyWith('docs/README.md', (t) => t.replace('(guide/money.md)', '(guide/mony.md)'));
    expect(messages(copy)).toEqual(['docs/README.md: link to guide/mony.md: docs/guide/mony.md does not exist']);
  });

  it('finds an anchor that names no heading of its target, by GitHub slug rules', () => {
    const copy = copyWith('docs/decisions/clean-rooms.md', (t) => t.replace('#analysis-rules', '#analysis-rule'));
    expect(messages(copy)).toEqual(
      expect.arrayContaining([expect.stringMatching(/link to .*#analysis-rule: .* has no heading #analysis-rule$/)]),
    );
    // a heading with punctuation and code keeps GitHub's slug: "## 3. Sealing keys to people (HPKE)"
    const ok = copyWith('docs/README.md', (t) => `${t}\n[x](clean-room-crypto.md#3-sealing-keys-to-people-hpke)\n`);
    expect(messages(ok)).toEqual([]);
  });

  it('finds a source path in a user document but allows it in CONTRIBUTING.md', () => {
    const copy = copyWith(
      'docs/guide/money.md',
      (t) => `${t}\nThe plans are in \`api/src/modules/billing/plans.ts\`.\n`,
    );
    expect(messages(copy)).toEqual([expect.stringMatching(/^docs\/guide\/money.md: points at source file api\/src/)]);
    const allowed = copyWith(
      'CONTRIBUTING.md',
      (t) => `${t}\nThe plans are in \`api/src/modules/billing/plans.ts\`.\n`,
    );
    expect(messages(allowed)).toEqual([]);
  });

  it('finds a Python script a reader of docs/ cannot open, but not one docs/vectors holds', () => {
    const copy = copyWith('docs/key-backup.md', (t) => `${t}\nComputed by \`known-answers.py\`.\n`);
    expect(messages(copy)).toEqual([
      expect.stringMatching(/^docs\/key-backup.md: points at source file known-answers.py/),
    ]);
    const vectors = copyWith('docs/key-backup.md', (t) => `${t}\nAs \`phone-response-vectors.py\` does.\n`);
    expect(messages(vectors)).toEqual([]);
  });

  it('finds a link into the source folders and a document the repository does not hold', () => {
    const copy = copyWith(
      'docs/api/rest.md',
      (t) => `${t}\nSee [the contract](../../api/src/rest/contract.ts) and CRYPTO.md section 2 (CLARIFICATIONS).\n`,
    );
    expect(messages(copy)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/points at source file api\/src\/rest\/contract.ts/),
        'docs/api/rest.md: names CRYPTO.md, which is not in the repository',
        'docs/api/rest.md: names CLARIFICATIONS, which is not in the repository',
      ]),
    );
  });
});
