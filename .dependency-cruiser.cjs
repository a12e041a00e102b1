// The import rules of the repository, checked by dependency-cruiser in `npm run lint`
// (CONTRIBUTING.md "Dependency rules" draws them). There is no baseline of tolerated violations:
// the check fails on any import against a rule.

/**
 * api/src from the bottom up, one folder a step: a folder may import the ones before it, never one
 * after it. A total order of folders leaves no two folders importing each other (nor any longer
 * folder cycle), and its messages name the folder that broke it.
 */
const PLATFORM = ['config', 'shared', 'db', 'modules/storage', 'modules/mail', 'modules/jobs'];
const HTTP = ['rest', 'graphql'];
const MODULES = [
  'users',
  'access-log',
  'api-tokens',
  'auth',
  'keys',
  'notifications',
  'webhooks',
  'chain',
  'billing',
  'runtime-config',
  'participants',
  'surveys',
  'requests',
  'payouts',
  'responses',
  'fieldwork',
  'response-images',
  'retention',
  'consent',
  'rooms',
  'datasets',
  'privacy',
  'analyses',
];
const folderPath = (f) => (f === 'config' ? '^api/src/config[.]ts$' : `^api/src/${f}/`);
const LAYERS = [
  ...PLATFORM.map((f) => ({ name: f, group: 'platform', path: folderPath(f) })),
  ...HTTP.map((f) => ({ name: f, group: 'http', path: folderPath(f) })),
  ...MODULES.map((m) => ({ name: `modules/${m}`, group: 'domain module', path: `^api/src/modules/${m}/` })),
  { name: 'app', group: 'composition root', path: '^api/src/(app/|(main|startup-banner)[.]ts$)' },
];

const layerRules = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-order:${layer.name}`,
  severity: 'error',
  comment: `${layer.name} (${layer.group}) imports nothing after it: ${LAYERS.slice(i + 1)
    .map((l) => l.name)
    .join(', ')}`,
  from: { path: layer.path },
  to: { path: LAYERS.slice(i + 1).map((l) => l.path) },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'layer-order:unplaced',
      severity: 'error',
      comment: 'every file of api/src belongs to a folder of the order above: a new folder takes its place there first',
      from: { path: '^api/src/' },
      to: { path: '^api/src/', pathNot: LAYERS.map((l) => l.path) },
    },
    {
      name: 'app-only-from-entry-points',
      severity: 'error',
      comment:
        'the composition root imports every module; only main.ts, scripts (entry points too) and the test support import it',
      from: {
        path: '^(api|web|test|shared|contracts)/',
        pathNot: ['^api/src/(app/|main[.]ts$)', '^test/[^/]+/support/'],
      },
      to: { path: '^api/src/app/' },
    },
    {
      name: 'web-not-server',
      severity: 'error',
      comment: 'the browser bundle takes nothing server-side: shared pure code lives in shared/',
      from: { path: '^web/' },
      to: { path: '^(api|scripts|test|contracts)/', pathNot: '^contracts/artifacts/' },
    },
    {
      name: 'shared-is-pure',
      severity: 'error',
      comment: 'shared/ is read by the browser, the API, scripts and tests: it imports only itself and npm packages',
      from: { path: '^shared/' },
      to: { pathNot: ['^shared/', '^node_modules/'] },
    },
    {
      name: 'api-not-scripts',
      severity: 'error',
      comment: 'the server ships without scripts/: scripts import the API, never the reverse',
      from: { path: '^api/' },
      to: { path: '^scripts/' },
    },
    {
      name: 'services-not-rest',
      severity: 'error',
      comment:
        "services take typed commands in the domain's words: legacy input is translated in the module's *.schemas.ts",
      from: { path: '^api/src/modules/.+[.]service[.]ts$' },
      to: { path: ['^api/src/rest/', '[.](rest|outputs)[.]ts$'] },
    },
    {
      name: 'web-features-apart',
      severity: 'error',
      comment: 'web features do not import each other (app -> features -> shared): shared code goes to web/src/shared',
      from: { path: '^web/src/features/([^/]+)/', pathNot: '[.]test[.]tsx?$' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    {
      name: 'web-feature-tests-apart',
      severity: 'error',
      comment:
        "a feature's test may import another feature's generated documents (to mock the screens a flow goes on to), nothing else of it",
      from: { path: '^web/src/features/([^/]+)/.+[.]test[.]tsx?$' },
      to: { path: '^web/src/features/', pathNot: ['^web/src/features/$1/', '[.]generated[.]ts$'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // unit tests beside the API's code are no part of its structure (they may reach across to test it)
    exclude: { path: ['^api/src/.+[.]test[.]ts$', '^web/src/gql/', '^(web/)?dist/', '^contracts/artifacts/.+[.]ts$'] },
    // `import type` ties modules as much as a value import does
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
