// Lint for every package. Besides the recommended rules, `portal/imports` keeps the shape of
// docs/architecture.md (see scripts/lint/boundaries.mjs).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { boundariesPlugin } from './scripts/lint/boundaries.mjs';

const root = path.dirname(fileURLToPath(import.meta.url));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '.portal/**',
      '.tools/**',
      'api/src/generated/**',
      'api/src/**/*.queries.ts',
      'api/test/**/*.queries.ts',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { portal: boundariesPlugin(root) },
    rules: {
      'portal/imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
