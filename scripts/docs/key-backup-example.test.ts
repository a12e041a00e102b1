import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openKeyBackup } from '../../web/src/crypto/key-backup';
import { checkKeyPairMatches } from '../../web/src/crypto/keys';

// docs/key-backup.md's complete example file opens, with the passphrase the document gives, to the
// private key it prints: a reader can check their own implementation against it.
const doc = readFileSync('docs/key-backup.md', 'utf8');
const section = doc.slice(doc.indexOf('## Complete example file'));
const blocks = [...section.matchAll(/```(\w*)\n([\s\S]*?)```/g)];

describe('docs/key-backup.md, complete example file', () => {
  it('opens with the passphrase the document gives, to the private key it prints', async () => {
    const file = blocks.find(([, lang]) => lang === 'json')?.[2];
    const pem = blocks.find(([, , body]) => body.includes('BEGIN PRIVATE KEY'))?.[2];
    const passphrase = /passphrase `([^`]+)`/.exec(section)?.[1];
    expect(file && pem && passphrase).toBeTruthy();
    const opened = await openKeyBackup(file!, passphrase!);
    expect(opened.privateKeyPem).toBe(pem);
    expect(opened.keyId).toBe(JSON.parse(file!).keyId);
    expect(section).toContain(`id \`${opened.keyId}\``);
    expect(await checkKeyPairMatches(opened.publicKeyPem, opened.privateKeyPem)).toBe(true);
  });

  it('does not open with another passphrase', async () => {
    const file = blocks.find(([, lang]) => lang === 'json')![2];
    await expect(openKeyBackup(file, 'Parley backup 2027!')).rejects.toThrow();
  });
});
