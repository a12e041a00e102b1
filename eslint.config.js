// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries (layers, web/server, web features, services/REST, api/scripts) are checked by
// dependency-cruiser: .dependency-cruiser.cjs, run by `npm run lint`.

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
  // size (CONTRIBUTING.md "Size"): a function of the server fits a screen, a service a sitting;
  // the exceptions carry an eslint-disable comment with their reason and are listed there
  {
    files: ['api/src/**/*.ts'],
    // tests are lists of cases; migrations are generated and never edited
    ignores: ['**/*.test.ts', 'api/src/db/migrations/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  { files: ['api/src/**/*.service.ts'], rules: { 'max-lines': ['error', { max: 400 }] } },
  {
    files: ['api/**/*.ts', 'test/**/*.ts', 'scripts/**/*.ts', 'contracts/**/*.ts', '*.ts', '*.js', '*.cjs'],
    languageOptions: { globals: globals.node },
  },
  // the browser benchmark's page runs in Chromium, not in Node
  { files: ['scripts/bench/clean-room-browser/**/*.ts'], languageOptions: { globals: globals.browser } },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
