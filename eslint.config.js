import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/*
 * The layers and who may import whom (docs/architecture.md, "Layers"). Each block forbids the
 * imports that would cross a boundary the wrong way; the message says where the code belongs.
 */
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const upward = (what, message) => ({ regex: `^\\.\\./(?:\\.\\./)*(?:${what})(?:/|$)`, message });
const WEB_FEATURES = fs.readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);

const layers = [
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: restrict({ regex: '^(?!zod$|vitest$|\\./)', message: 'The contracts are shared by server and console: they import zod and each other only.' }),
  },
  {
    files: ['apps/server/src/routes/**/*.ts'],
    rules: restrict(
      { group: ['kysely', 'pg', 'better-sqlite3'], message: 'A route translates HTTP to a service call; the service reads and writes the database.' },
      upward('db', 'A route translates HTTP to a service call; the service reads and writes the database.'),
    ),
  },
  {
    files: ['apps/server/src/services/**/*.ts'],
    rules: restrict(upward('routes|plugins', 'A service owns a rule and knows nothing of HTTP: routes and plugins call it, never the other way.')),
  },
  {
    files: ['apps/server/src/db/**/*.ts', 'apps/server/src/lib/**/*.ts'],
    rules: restrict(upward('services|routes|plugins', 'db/ and lib/ sit below the services: move what needs a service up (e.g. beside app.ts).')),
  },
  {
    files: ['apps/web/src/lib/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: restrict({ group: ['@/features/*', '@/app/*'], message: 'Shared pieces serve every feature: they never import a feature or the app shell.' }),
  },
  // A feature's own files reach each other by relative paths that stay inside the feature folder.
  ...WEB_FEATURES.flatMap((feature) =>
    [
      { files: [`apps/web/src/features/${feature}/*.{ts,tsx}`], outOfFeature: '^\\.\\./' },
      { files: [`apps/web/src/features/${feature}/*/**/*.{ts,tsx}`], outOfFeature: '^(?:\\.\\./){2,}' },
    ].map(({ files, outOfFeature }) => ({
      files,
      ignores: ['**/*.test.{ts,tsx}'],
      rules: restrict(
        {
          group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`],
          message: 'Features do not import each other: share through components/ or lib/, or compose them in app/.',
        },
        { group: ['@/app/*'], message: 'The app shell composes the features, not the other way round.' },
        { regex: outOfFeature, message: 'Import outside this feature with the @/ alias (shared pieces only), not a path up and out.' },
      ),
    })),
  ),
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'playwright-report/**', 'test-results/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  ...layers,
);
