// The GraphQL explorer (explorer.html: GraphiQL and its Monaco editor) is built by a second,
// separate build into the same dist folder once the app's build has been written. Built as a second
// input of the app's build it would share chunks with the app: GraphiQL uses most of the graphql
// package, which then stops being tree-shaken out of the app's vendor-apollo chunk (+30 kB gzip on
// every admin screen). Its own build keeps the two apart, at the cost of a second copy of React.
import path from 'node:path';
import { build, type Plugin, type PluginOption } from 'vite';

export function explorerBuild(root: string, plugins: () => PluginOption[]): Plugin {
  let outDir = '';
  return {
    name: 'parley-explorer-build',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: plugins(),
        build: {
          outDir,
          emptyOutDir: false,
          sourcemap: false,
          assetsInlineLimit: 0,
          // Monaco alone is ~1 MB gzip; it is a development tool, not a screen with a budget
          chunkSizeWarningLimit: 5000,
          rolldownOptions: { input: { explorer: path.resolve(root, 'explorer.html') } },
        },
      });
    },
  };
}
