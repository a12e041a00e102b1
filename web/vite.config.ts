import react from '@vitejs/plugin-react';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { bundleReport, type ReportedRoute } from './build/bundle-report.ts';
import { explorerBuild } from './build/explorer-build.ts';
import { muiSelectMenuOnOpen } from './build/mui-select-menu-on-open.ts';
import { muiThemeWithoutCssVars } from './build/mui-theme-without-css-vars.ts';

const root = fileURLToPath(new URL('.', import.meta.url));
// The API server (npm run dev) listens here; the dev server proxies its paths so cookies stay same-origin.
const apiTarget = process.env.PARLEY_API_URL ?? 'http://localhost:3000';

// Vendor groups, checked in order: a module lands in the first group whose pattern matches.
// React and the router are needed by every route; MUI and Apollo too, but they change on a
// different cadence, so separate chunks keep the browser cache warm across upgrades.
const vendorGroups: { name: string; test: RegExp }[] = [
  {
    name: 'vendor-react',
    test: /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]/,
  },
  {
    name: 'vendor-mui',
    test: /node_modules[\\/](@mui[\\/](system|styled-engine|utils|private-theming)|@emotion|stylis|hoist-non-react-statics|clsx|prop-types|react-is|@babel[\\/]runtime)[\\/]/,
  },
  // ethers (with its crypto and ENS helpers): loaded only when a screen talks to a contract
  {
    name: 'vendor-ethers',
    // (@noble/curves and the hashes copies nested under it and ethers; the top-level @noble/hashes is
    // the clean rooms' token HMAC and must not drag ethers along)
    test: /node_modules[\\/](ethers|@noble[\\/]curves|@adraffy)[\\/]/,
  },
  {
    name: 'vendor-apollo',
    test: /node_modules[\\/](@apollo|graphql|@wry|optimism|@graphql-typed-document-node|rxjs|tslib|apollo-upload-client|extract-files|ts-invariant|zen-observable)[\\/]/,
  },
];

// Hashed files (and the pages) are compressed once at build time, at the highest levels; the server
// sends the .br or .gz copy that the browser accepts (api/src/app.ts) instead of compressing per
// request. Images and fonts are compressed formats already. The explorer, a development tool that is
// off by default, takes brotli's quality 9: its 6 MB (Monaco) took 14 CPU-s at 11, most of a build's
// compression, and take 1.2 at 9, for 9% more bytes (1.71 MB against 1.57).
const precompress = (brotliQuality = zlib.constants.BROTLI_MAX_QUALITY) =>
  compression({
    algorithms: [
      defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } }),
      'gzip',
    ],
    threshold: 1024,
    exclude: [/\.(png|jpe?g|webp|woff2?)$/],
  });

// The GraphQL explorer (explorer.html, served at GET /graphql when GRAPHQL_EXPLORER is on) is a
// build of its own (build/explorer-build.ts): none of GraphiQL or its editor may reach a screen.
const EXPLORER = ['graphiql', '@graphiql/react', '@graphiql/toolkit', 'monaco-editor', 'monaco-graphql'];

// Screens listed in the build report, with the lazy modules router.tsx loads for them.
const AUTH = 'src/layouts/auth/auth-layout.tsx';
const SESSION = [
  'src/layouts/admin/admin-layout.tsx',
  'src/features/notifications/components/notifications-menu.tsx',
  'src/shared/session/require-session.ts',
];
// Heavy packages that load on demand: a wallet call (ethers) or a Stripe-mode checkout (Stripe.js).
const ON_DEMAND = ['ethers', '@stripe/stripe-js', '@stripe/react-stripe-js'];
// The survey charts: only the survey detail screen loads them, after it has rendered.
const CHARTS = ['@nivo/pie', '@nivo/core', 'd3-shape'];
// Budgets (issue 17): the targets are 150 kB for the login page and 250 kB for the admin screens.
// Each budget holds the size measured on 2026-11-26 plus about 4 kB of headroom, and no more than
// the target where the target is met. Met: the login page (150 kB: its text fields are drawn from
// plain elements, shared/ui/form-text-field.tsx), every admin screen (228 to 250 kB: their lower
// cards, hidden tabs, later wizard steps and the room's data load after the first render,
// shared/ui/lazy-part.tsx; the request wizard, 249.7 kB, draws its stepper, text fields and
// selects from plain elements and loads the selects' list when idle or first opened), the
// participant app (136.8 kB, 2026-11-29). The authenticated shell on its own (React and the
// router, Apollo, MUI's core and theme, layout, header, sidebar) is about 207 kB.
const reportedRoutes: ReportedRoute[] = [
  {
    path: '/auth/login-page',
    modules: [AUTH, 'src/features/auth/pages/login-page.tsx'],
    // 0.2 kB over issue 17's 150 kB target, knowingly: the route table in the entry chunk grows by
    // about 0.1 kB a route (the participants' receipt check, /p/verify, took it to 150.1 kB). The way
    // back under is loading the participant app's routes on navigation; see the CI issue's note.
    budgetKb: 150.2,
    forbiddenPackages: [...ON_DEMAND, ...CHARTS],
  },
  { path: '/auth/register-page', modules: [AUTH, 'src/features/auth/pages/register-page.tsx'] },
  { path: '/auth/verify-email', modules: [AUTH, 'src/features/auth/pages/verify-email-page.tsx'] },
  { path: '/auth/lock-screen-page', modules: [AUTH, 'src/features/auth/pages/lock-screen-page.tsx'] },
  { path: '/auth/error-page', modules: [AUTH, 'src/features/auth/pages/error-page.tsx'] },
  {
    path: '/auth/pricing-page',
    modules: [AUTH, 'src/features/billing/pages/pricing-page.tsx'],
    forbiddenPackages: ON_DEMAND,
  },
  {
    path: '/admin/settings',
    modules: [...SESSION, 'src/routes/settings-route.tsx'],
    forbiddenPackages: ON_DEMAND,
    budgetKb: 236,
  },
  {
    path: '/admin/checkout-page (test mode)',
    modules: [...SESSION, 'src/features/billing/pages/checkout-page.tsx'],
    forbiddenPackages: ON_DEMAND,
    budgetKb: 238,
  },
  {
    path: '/admin/dashboard',
    modules: [...SESSION, 'src/features/dashboard/pages/dashboard-page.tsx'],
    forbiddenPackages: CHARTS,
    budgetKb: 243,
  },
  {
    path: '/admin/request/collection/detail/:id',
    modules: [...SESSION, 'src/features/responses/pages/collection-detail-page.tsx'],
    forbiddenPackages: CHARTS,
    budgetKb: 232,
  },
  {
    path: '/admin/request/survey/detail/:id',
    modules: [...SESSION, 'src/features/responses/pages/survey-detail-page.tsx'],
    budgetKb: 237,
    forbiddenPackages: CHARTS,
  },
  {
    path: '/request/:type/report/:id',
    modules: [...SESSION, 'src/features/responses/pages/request-report-page.tsx'],
    forbiddenPackages: CHARTS,
    budgetKb: 237,
  },
  // the wizard loads ethers only when Finish publishes
  {
    path: '/admin/request/survey/new',
    modules: [...SESSION, 'src/features/requests/pages/request-wizard-page.tsx'],
    forbiddenPackages: ON_DEMAND,
    budgetKb: 250,
  },
  {
    path: '/admin/request/survey/list',
    modules: [...SESSION, 'src/features/requests/pages/request-list-page.tsx'],
    budgetKb: 237,
  },
  // the participant app's first route (the shared link): no Apollo, no ethers until a wallet is made
  {
    path: '/p/r/:id',
    modules: ['src/layouts/participant/participant-layout.tsx', 'src/features/participant/pages/request-page.tsx'],
    budgetKb: 138,
    forbiddenPackages: [...ON_DEMAND, ...CHARTS, '@apollo/client', 'graphql'],
  },
  {
    path: '/p',
    modules: [
      'src/layouts/participant/participant-layout.tsx',
      'src/features/participant/pages/open-requests-page.tsx',
    ],
    budgetKb: 138,
    forbiddenPackages: [...ON_DEMAND, ...CHARTS, '@apollo/client', 'graphql'],
  },
  {
    path: '/admin/vcr',
    modules: [...SESSION, 'src/features/rooms/pages/rooms-page.tsx'],
    budgetKb: 250,
    forbiddenPackages: CHARTS,
  },
  {
    path: '/admin/vcrs/:id',
    modules: [...SESSION, 'src/features/rooms/pages/room-page.tsx'],
    budgetKb: 245,
    forbiddenPackages: CHARTS,
  },
];

// Coarse chunks for the rest. Left to itself the bundler makes one chunk per set of lazy routes
// that share a module: a hundred small files whose separate gzip streams and import lists cost a
// screen ~20 % of its JS. Here a module that the login page, the participant app's first routes or
// the authenticated shell import statically goes to one chunk per set of those "areas" instead;
// those few chunks hold what the areas load anyway. Other screens load the area chunks they use.
const areas: { name: string; modules: string[] }[] = [
  { name: 'open', modules: [AUTH, 'src/features/auth/pages/login-page.tsx'] },
  {
    name: 'participant',
    modules: [
      'src/layouts/participant/participant-layout.tsx',
      'src/features/participant/pages/open-requests-page.tsx',
      'src/features/participant/pages/request-page.tsx',
    ],
  },
  { name: 'shell', modules: SESSION },
];
// The open screens and the participant app must never need the shell's chunk, not even for what
// they load later (a dialog, a drawer, the answer form): it would bring Apollo and the admin layout
// along. What they share with the shell alone stays in the bundler's own chunks.
const openScreens = [
  AUTH,
  ...['login-page', 'register-page', 'verify-email-page', 'lock-screen-page', 'error-page', 'logout-page'].map(
    (page) => `src/features/auth/pages/${page}.tsx`,
  ),
  'src/features/billing/pages/pricing-page.tsx',
  'src/layouts/participant/participant-layout.tsx',
  ...['open-requests-page', 'request-page', 'my-answers-page', 'wallet-page'].map(
    (page) => `src/features/participant/pages/${page}.tsx`,
  ),
  'src/shared/ui/route-error-page.tsx',
  'src/shared/ui/page-loader.tsx',
];
type ModuleGraph = {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] } | null;
};
const closures = new Map<string, Set<string>>();
function closure(key: string, starts: string[], graph: ModuleGraph, onDemand = false): Set<string> {
  let seen = closures.get(key);
  if (seen) return seen;
  seen = new Set();
  const stack = starts.map((module) => path.resolve(root, module));
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    stack.push(...(info?.importedIds ?? []), ...(onDemand ? (info?.dynamicallyImportedIds ?? []) : []));
  }
  closures.set(key, seen);
  return seen;
}
function areaChunkName(id: string, graph: ModuleGraph): string | null {
  if (closure('entry', ['src/main.tsx'], graph).has(id)) return null;
  const names = areas.filter((area) => closure(area.name, area.modules, graph).has(id)).map((area) => area.name);
  if (names.length === 0) return null;
  if (names.length === 1 && names[0] === 'shell' && closure('open screens', openScreens, graph, true).has(id))
    // MUI components the open screens only load later (dialogs, drawers): one chunk of their own,
    // which the shell loads anyway and which brings nothing else along
    return /[\\/]node_modules[\\/]@mui[\\/]/.test(id) && !closure('open first paint', openScreens, graph).has(id)
      ? 'ui-shell-open'
      : null;
  // the login screen's own code stays apart from the components other screens borrow from its chunk
  if (names.length === 1 && names[0] === 'open' && /[\\/]src[\\/](layouts|features)[\\/]auth[\\/]/.test(id))
    return 'login';
  return `ui-${names.join('-')}`;
}

export default defineConfig({
  root,
  plugins: [
    muiThemeWithoutCssVars(),
    muiSelectMenuOnOpen(),
    react(),
    bundleReport(
      reportedRoutes.map((route) => ({
        ...route,
        forbiddenPackages: [...(route.forbiddenPackages ?? []), ...EXPLORER],
      })),
      root,
      'src/main.tsx',
    ),
    precompress(),
    explorerBuild(root, () => [react(), precompress(9)]),
    // the area closures belong to one build (a watch rebuild sees a new module graph)
    { name: 'parley-area-chunks', buildStart: () => closures.clear() },
  ],
  // rxjs (under Apollo) ships an ES2015 build beside its ES5 one: smaller, and every supported browser runs it
  resolve: {
    conditions: ['es2015', ...defaultClientConditions],
    // react-router's package exports only its development build, whose one difference from the
    // production build beside it is ENABLE_DEV_WARNINGS = true (the warnings and their texts stay in
    // the bundle); the build takes the production one (the tests keep the development build)
    alias: [
      {
        find: /^react-router$/,
        replacement: path.resolve(root, '../node_modules/react-router/dist/production/index.mjs'),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // images and fonts stay separate files: the JS budget is for code
    assetsInlineLimit: 0,
    // the budget is checked on gzip size by the build report; raw chunk warnings are noise here
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // vendor-mui: only the MUI core the entry itself needs (theme, CssBaseline, emotion); the
            // rest of @mui/system and @mui/utils goes with the screens that use it
            ...vendorGroups.map(({ name, test }) =>
              name === 'vendor-mui'
                ? {
                    name: (id: string, graph: ModuleGraph) =>
                      test.test(id) && closure('entry', ['src/main.tsx'], graph).has(id) ? name : null,
                  }
                : { name, test },
            ),
            // (dependencies stay where they are: those the entry needs must not move into an area chunk)
            { name: areaChunkName, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: Object.fromEntries(['/graphql', '/v1/', '/media/', '/dev/'].map((path) => [path, { target: apiTarget }])),
  },
  preview: { port: 4173 },
});
