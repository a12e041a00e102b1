// Build report: the JS each screen needs before it can render (entry + the lazy chunks of its
// routes + everything they import statically), gzip-compressed. Printed after `npm run build` and
// written to dist/bundle-report.json; the build fails when a screen exceeds its budget.
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

export type ReportedRoute = {
  path: string;
  // Source modules (relative to web/) whose lazy chunks the route loads.
  modules: string[];
  // Upper bound for the initial JS in gzip kB; the build fails above it.
  budgetKb?: number;
  // Packages that must not be in the route's initial JS (they load on demand); the build fails
  // when one is, e.g. ethers on the login page.
  forbiddenPackages?: string[];
};

type OutputChunk = {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId: string | null;
  moduleIds: string[];
};
type OutputAsset = { type: 'asset' };

// mainEntry: the app's entry module (relative to web/); other entries (the GraphQL explorer) are
// pages of their own and count for no screen.
export function bundleReport(routes: ReportedRoute[], root: string, mainEntry: string): Plugin {
  return {
    name: 'parley-bundle-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle as Record<string, OutputChunk | OutputAsset>).filter(
        (item): item is OutputChunk => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const gzip = new Map(chunks.map((chunk) => [chunk.fileName, gzipSync(chunk.code, { level: 9 }).length]));
      const entry = chunks
        .filter((chunk) => chunk.isEntry && chunk.moduleIds.includes(path.resolve(root, mainEntry)))
        .map((chunk) => chunk.fileName);
      if (entry.length !== 1) this.error(`bundle report: no entry chunk for ${mainEntry}`);
      const chunkOf = (module: string) => {
        const id = path.resolve(root, module);
        return (
          chunks.find((chunk) => chunk.facadeModuleId === id) ?? chunks.find((chunk) => chunk.moduleIds.includes(id))
        );
      };
      const closure = (start: string[]) => {
        const seen = new Set<string>();
        const stack = [...start];
        while (stack.length > 0) {
          const file = stack.pop() as string;
          if (seen.has(file)) continue;
          seen.add(file);
          stack.push(...(byFile.get(file)?.imports ?? []));
        }
        return seen;
      };

      const rows = routes.map((route) => {
        const starts = route.modules.map((module) => {
          const chunk = chunkOf(module);
          if (!chunk) this.error(`bundle report: no chunk holds ${module} (route ${route.path})`);
          return chunk.fileName;
        });
        const files = closure([...entry, ...starts]);
        const bytes = [...files].reduce((sum, file) => sum + (gzip.get(file) ?? 0), 0);
        const forbidden = (route.forbiddenPackages ?? []).filter((name) => {
          const marker = `${path.sep}node_modules${path.sep}${name.split('/').join(path.sep)}${path.sep}`;
          return [...files].some((file) => byFile.get(file)?.moduleIds.some((id) => id.includes(marker)));
        });
        return {
          path: route.path,
          gzipKb: Math.round(bytes / 102.4) / 10,
          chunks: files.size,
          budgetKb: route.budgetKb ?? null,
          forbidden,
        };
      });

      const width = Math.max(...rows.map((row) => row.path.length));
      const lines = rows.map(
        (row) =>
          `  ${row.path.padEnd(width)}  ${row.gzipKb.toFixed(1).padStart(6)} kB gzip  (${row.chunks} chunks)${row.budgetKb ? `  budget ${row.budgetKb} kB` : ''}`,
      );
      console.log(`\nInitial JS per screen (entry + route chunks + static imports):\n${lines.join('\n')}\n`);
      this.emitFile({
        type: 'asset',
        fileName: 'bundle-report.json',
        source: `${JSON.stringify({ routes: rows }, null, 2)}\n`,
      });

      const loaded = rows.filter((row) => row.forbidden.length > 0);
      if (loaded.length > 0)
        this.error(
          `initial JS holds packages meant to load on demand: ${loaded.map((row) => `${row.path}: ${row.forbidden.join(', ')}`).join('; ')}`,
        );
      const over = rows.filter((row) => row.budgetKb !== null && row.gzipKb > row.budgetKb);
      if (over.length > 0)
        this.error(
          `initial JS over budget: ${over.map((row) => `${row.path} ${row.gzipKb} kB > ${row.budgetKb} kB`).join(', ')}`,
        );
    },
  };
}
