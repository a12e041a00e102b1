import { build, type Plugin } from 'esbuild';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

// The tests that start the server in a process of its own run scripts/server.ts bundled by esbuild,
// the compiler tsx runs per file: the same code, without tsx's module hooks resolving each of the
// app's files at start-up (a start to /healthz: 4.3 CPU-s against 7.3 under tsx). start.test.ts
// keeps tsx: it is the test of `npm start`.

const ENTRY = 'scripts/server.ts';
// under node_modules, so the bundle's package imports resolve as the sources' do
const OUT_DIR = path.resolve('node_modules/.cache/parley-test');

/**
 * A module's `import.meta.url` stays its source file's (artifacts.ts finds the repository root
 * from it, api-reference.ts resolves a package next to it), not the bundle's.
 */
const keepModuleUrls: Plugin = {
  name: 'keep-module-urls',
  setup(b) {
    // every source is read here once (handing a file back to esbuild would read it again)
    b.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll(
        'import.meta.url',
        JSON.stringify(pathToFileURL(args.path).href),
      ),
      loader: 'ts',
    }));
  },
};

let bundled: Promise<string> | undefined;

/** The server's script for `node <script>`: bundled once per test process, removed when it exits. */
export function serverScript(): Promise<string> {
  bundled ??= (async () => {
    mkdirSync(OUT_DIR, { recursive: true });
    const outfile = path.join(OUT_DIR, `server-${process.pid}-${randomBytes(4).toString('hex')}.mjs`);
    await build({
      entryPoints: [ENTRY],
      outfile,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node24',
      packages: 'external',
      // class names are entity and GraphQL type names: a bundle must not rename one on a clash
      keepNames: true,
      plugins: [keepModuleUrls],
      logLevel: 'warning',
    });
    process.once('exit', () => rmSync(outfile, { force: true }));
    return outfile;
  })();
  return bundled;
}
