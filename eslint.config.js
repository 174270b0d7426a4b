// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Each client feature may use ui/ and lib/, never another feature (architecture page). */
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const featureZones = webFeatures.map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
  message: 'Features do not import each other: move what they share to ui/ or lib/.',
}));

/**
 * Onboarding has one folder per stage of the progress bar; a stage uses the shared step
 * plumbing (onboarding/step) and its own files, never another stage's.
 */
const onboardingStages = readdirSync(
  new URL('./apps/web/src/features/onboarding', import.meta.url),
  { withFileTypes: true },
)
  .filter((entry) => entry.isDirectory() && entry.name !== 'step')
  .map((entry) => entry.name);

const stageZones = [
  ...onboardingStages.map((stage) => ({
    target: `./apps/web/src/features/onboarding/${stage}`,
    from: './apps/web/src/features/onboarding',
    except: [`./${stage}`, './step'],
    message: 'Onboarding stages do not import each other: move what they share to onboarding/step.',
  })),
  {
    target: './apps/web/src/features/onboarding/step',
    from: onboardingStages.map((stage) => `./apps/web/src/features/onboarding/${stage}`),
    message: 'The step plumbing sits below the stages; it cannot reach into one.',
  },
];

/** The test functions of Vitest and Playwright whose `.only` focuses a run; see the last block. */
const testRoot = '/^(describe|it|test|suite|bench)$/';
const testRoots = ['object', 'object.object', 'object.object.object']
  .map((path) => `[${path}.name=${testRoot}]`)
  .join(', ');

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      // The in-memory build (ADR 0028).
      '**/dist-in-memory/**',
      'data/**',
      'e2e/artifacts/**',
      'e2e/test-results/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: { alwaysTryTypes: true } } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@portal/domain',
              allowTypeImports: true,
              message:
                'Import values from the module itself (@portal/domain/constants, ...): the barrel pulls every schema, and zod, into the first download.',
            },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...featureZones,
            ...stageZones,
            {
              target: './apps/web/src',
              from: './apps/server',
              message: 'The client talks to the server over HTTP only.',
            },
            {
              target: ['./apps/web/src/lib', './apps/web/src/ui'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'lib/ and ui/ are shared below the features; they cannot reach up.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'fs', 'path', 'crypto'],
              message: 'The domain is pure: no I/O, so the browser and the server share it.',
            },
            {
              group: [
                'react',
                'react-*',
                'fastify',
                '@fastify/*',
                'drizzle-orm',
                'drizzle-orm/*',
                'pg',
                '@electric-sql/*',
              ],
              message: 'The domain knows nothing of React, Fastify or the database.',
            },
            {
              group: ['**/apps/**', '@portal/server', '@portal/web'],
              message: 'Imports flow one way: apps depend on the domain, not the reverse.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read the environment only in config.ts, where it is validated.',
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src',
              from: './apps/web',
              message: 'The server does not import the client.',
            },
            {
              target: './apps/server/src/modules/*/*.repo.ts',
              from: './apps/server/src/modules/*/*.routes.ts',
              message: 'Layers flow routes -> service -> repo.',
            },
            {
              target: './apps/server/src/modules/*/*.routes.ts',
              from: './apps/server/src/modules/*/*.repo.ts',
              message: 'Routes call the service; only services use repositories.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['apps/server/src/config.ts', 'apps/server/src/test/**/*.ts', '**/*.test.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  // Last, so the block above does not turn it off for test files.
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // describe.only, it.only, test.only, it.concurrent.only, test.describe.only,
          // test.describe.serial.only, describe.only.each...: `.only` up to three names deep.
          selector: `MemberExpression[property.name='only']:matches(${testRoots})`,
          message:
            '.only runs the focused tests and silently skips every other: remove it before committing (CI refuses it too).',
        },
      ],
    },
  },
);
