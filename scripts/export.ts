// `npm run export -- --request <id> --key privateKey.pem [--url <server>] [--token <prl_...>] [--out <file>]`
// Downloads a collection's sealed responses and decrypts them here into the CSV the web app's
// "Download CSV" makes (docs/api/exports.md). The token may come from PARLEY_API_TOKEN instead of
// --token (an argument is visible to other users of the machine); the CSV goes to stdout without --out.
import { createWriteStream } from 'node:fs';
import { readFile, rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { ExportError, exportCollectionCsv } from './export/collection-csv';

const USAGE =
  'usage: npm run export -- --request <request id> --key <privateKey.pem> [--url <server, default http://localhost:3000>] [--token <API token, or PARLEY_API_TOKEN>] [--out <file.csv>]';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

let args;
try {
  args = parseArgs({
    options: {
      request: { type: 'string' },
      key: { type: 'string' },
      url: { type: 'string', default: 'http://localhost:3000' },
      token: { type: 'string' },
      out: { type: 'string' },
    },
    strict: true,
  }).values;
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`, 2);
}
const token = args.token ?? process.env.PARLEY_API_TOKEN;
if (!args.request || !args.key || !token) {
  fail(`${!token && args.request && args.key ? 'Give an API token (--token or PARLEY_API_TOKEN).\n' : ''}${USAGE}`, 2);
}

let privateKeyPem: string;
try {
  privateKeyPem = await readFile(args.key, 'utf8');
} catch (err) {
  fail(`Could not read the key file: ${(err as Error).message}`);
}

// a file is written under a temporary name and renamed once complete: a failed export leaves none
const partial = args.out ? `${args.out}.part` : null;
const out = partial ? createWriteStream(partial) : process.stdout;
const write = async (text: string) => {
  if (!out.write(text)) await once(out, 'drain');
};
try {
  const { rows, failed } = await exportCollectionCsv({
    url: args.url,
    token,
    requestId: args.request,
    privateKeyPem,
    write,
  });
  if (partial) {
    await new Promise<void>((resolve) => out.end(resolve));
    await rename(partial, args.out!);
  }
  console.error(
    `${rows} responses written${failed ? `, ${failed} could not be decrypted (see the Decryption column)` : ''}`,
  );
} catch (err) {
  if (partial) {
    out.destroy();
    await rm(partial, { force: true });
  }
  if (err instanceof ExportError) fail(err.message);
  throw err;
}
