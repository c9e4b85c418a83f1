import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import openline from './scripts/eslint/module-boundaries.js';

const featureDir = 'src/client/features';
const features = (() => {
  try {
    return readdirSync(featureDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
})();

const serverImport = {
  group: ['**/server/**', '~/../server/**'],
  message: 'The client never imports server code (types of the API come from src/domain).',
};

/** DESIGN.md import rules, as lint errors. */
const boundaries = [
  {
    // Decided on the imported file's resolved path, so relative imports cannot slip past (ADR 026).
    files: ['src/**/*.{ts,tsx}'],
    plugins: { openline },
    rules: { 'openline/module-boundaries': 'error' },
  },
  {
    files: ['src/domain/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod$|vitest$|\\.{1,2}/)', message: 'src/domain imports nothing but zod and itself.' },
            { group: ['../*/**', '../../**'], message: 'src/domain imports nothing but zod and itself.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverImport] }] },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/client/**', '~/**'], message: 'Server code never imports the client.' }] },
      ],
    },
  },
  {
    files: ['src/client/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImport,
            { group: ['**/features/**', '~/features/**'], message: 'Shared UI never imports a feature.' },
          ],
        },
      ],
    },
  },
  ...features.map((feature) => ({
    files: [`${featureDir}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverImport,
            {
              group: features
                .filter((other) => other !== feature)
                .flatMap((other) => [`**/features/${other}`, `**/features/${other}/**`, `~/features/${other}/**`]),
              message: 'A feature does not import another feature: compose them in a route.',
            },
          ],
        },
      ],
    },
  })),
  {
    // Only repos and the db folder touch the database.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/db/**', 'src/server/modules/*/repo*.ts', 'src/server/**/*.test.ts', 'src/server/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**', '~/**'], message: 'Server code never imports the client.' },
            {
              group: ['**/db/schema*', 'drizzle-orm', 'drizzle-orm/*'],
              message: 'Only server/modules/*/repo*.ts and server/db touch the database.',
            },
          ],
        },
      ],
    },
  },
];

export default tseslint.config(
  {
    ignores: ['build/**', 'node_modules/**', '.react-router/**', 'data/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['scripts/**', 'bench/**', 'tests/**', 'src/server/cli/**'],
    rules: { 'no-console': 'off' },
  },
  ...boundaries,
);
