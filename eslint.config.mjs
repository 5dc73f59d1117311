// ESLint flat config: @eslint/js + typescript-eslint recommended rules for TypeScript files.
// No type-aware rules, so `npm run lint` stays fast and needs no build.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig([
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/coverage/',
    'artifacts/',
    '.data/',
    'packages/client/dist/',
    '**/*.config.js',
    '**/*.config.cjs',
    '**/*.config.mjs',
  ]),
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          args: 'after-used',
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
        },
      ],
    },
  },
  {
    // The browser bundle must never hold the scenario files (their hidden units are secrets, §4.5.2) nor the test helpers that know them.
    files: ['packages/client/src/**/*.ts'],
    ignores: ['packages/client/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: '@lames/rules/scenarios', message: 'The client never imports the scenario catalogue: it holds the hidden deployment; ask the server (GET /api/scenarios).' },
            { name: '@lames/rules/testing', message: 'Test helpers only.' },
          ],
          patterns: [{ group: ['@lames/rules/*', '**/rules/src/**'], message: 'The client imports @lames/rules only (its main entry point).' }],
        },
      ],
    },
  },
  {
    // Issue 9: one copy of @colyseus/schema in the server process, the one @colyseus/core uses.
    files: ['packages/server/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@colyseus/schema', message: 'Import it from src/sync/colyseus-schema.mjs: the copy @colyseus/core uses (see that file).' }] },
      ],
    },
  },
]);
