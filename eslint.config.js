// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import path from 'node:path';
import tseslint from 'typescript-eslint';

/**
 * Feature folders do not import each other (STYLE.md 1): app -> features -> shared, one way.
 * A test may import another feature's generated documents (`x.generated.ts`): it mocks the server's
 * answers to the screens the flow goes on to, e.g. the dashboard a login lands on.
 * @type {import('eslint').Rule.RuleModule}
 */
const noCrossFeatureImports = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      cross: "Feature '{{from}}' must not import from feature '{{to}}'; move shared code to web/src/shared.",
    },
  },
  create(context) {
    const file = context.filename;
    const own = /web\/src\/features\/([^/]+)\//.exec(file)?.[1];
    if (!own) return {};
    const isTest = /\.test\.tsx?$/.test(file);
    return {
      ImportDeclaration(node) {
        const spec = String(node.source.value);
        if (!spec.startsWith('.')) return;
        if (isTest && spec.endsWith('.generated')) return;
        const target = path.resolve(path.dirname(file), spec);
        const other = /web\/src\/features\/([^/]+)/.exec(target)?.[1];
        if (other && other !== own) context.report({ node, messageId: 'cross', data: { from: own, to: other } });
      },
    };
  },
};

/**
 * A rule refusing relative imports (static, dynamic and re-exports) whose target, relative to the
 * repository root, `forbidden` names.
 * @param {string} message the report, with `{{spec}}` for the import
 * @param {(target: string) => boolean} forbidden
 * @returns {import('eslint').Rule.RuleModule}
 */
function importBoundary(message, forbidden) {
  const root = path.dirname(new URL(import.meta.url).pathname);
  return {
    meta: { type: 'problem', schema: [], messages: { boundary: message } },
    create(context) {
      const check = (/** @type {any} */ node) => {
        const spec = node.source && node.source.type === 'Literal' ? String(node.source.value) : null;
        if (!spec || !spec.startsWith('.')) return;
        const target = path.relative(root, path.resolve(path.dirname(context.filename), spec));
        if (forbidden(target)) context.report({ node, messageId: 'boundary', data: { spec } });
      };
      return {
        ImportDeclaration: check,
        ImportExpression: check,
        ExportAllDeclaration: check,
        ExportNamedDeclaration: check,
      };
    },
  };
}

// The server ships without scripts/: api/ never imports from it (scripts import api, not the reverse).
const noScriptsInApi = importBoundary(
  "api/ must not import from scripts/ ('{{spec}}'); move the library code under api/src.",
  (target) => target === 'scripts' || target.startsWith(`scripts${path.sep}`),
);

// Services take typed commands in the domain's words: they never import the REST layer (its routes,
// legacy-name schemas and wire outputs: `*.rest.ts`, `*.outputs.ts`, `api/src/rest/`).
const noRestInServices = importBoundary(
  "A service must not import the REST layer ('{{spec}}'); translate legacy input in the REST schemas.",
  (target) => target.startsWith(path.join('api', 'src', 'rest') + path.sep) || /\.(rest|outputs)$/.test(target),
);

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      '.data',
      'dist',
      'web/dist',
      'web/src/gql',
      'web/src/**/*.generated.ts',
      'contracts/artifacts',
      'coverage',
      'test-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['api/**/*.ts'],
    ignores: ['api/src/config.ts', '**/*.test.ts'],
    rules: {
      // configuration is read once, in api/src/config.ts
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through api/src/config.ts' },
      ],
    },
  },
  {
    files: ['api/**/*.ts'],
    plugins: { parley: { rules: { 'no-scripts-in-api': noScriptsInApi, 'no-rest-in-services': noRestInServices } } },
    rules: { 'parley/no-scripts-in-api': 'error' },
  },
  { files: ['api/src/modules/**/*.service.ts'], rules: { 'parley/no-rest-in-services': 'error' } },
  {
    files: ['api/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts', 'contracts/**/*.ts', '*.ts', '*.js'],
    languageOptions: { globals: globals.node },
  },
  // the browser benchmark's page runs in Chromium, not in Node
  { files: ['scripts/bench/clean-room-browser/**/*.ts'], languageOptions: { globals: globals.browser } },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks, parley: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'parley/no-cross-feature-imports': 'error',
    },
  },
);
