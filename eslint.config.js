// Lint rules, including the import rules of docs/architecture.md (shared → nothing of ours;
// server and client never import each other; features never import other features;
// routes call their service; modules reach each other only through a service).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (p) => {
  try {
    return readdirSync(new URL(p, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
};

const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const features = dirs('./src/client/features/');
const modules = dirs('./src/server/modules/');

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/server/db/migrations/**', 'test-results/**', 'playwright-report/**', 'bench/.out/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  restrict(['src/shared/**'], [
    { group: ['@client/*', '**/client/**', '**/server/**'], message: 'shared imports nothing of ours.' },
    { group: ['node:*', 'react', 'react/*', 'react-dom', 'react-dom/*'], message: 'shared is isomorphic: no node:*, no React.' },
  ]),
  restrict(['src/server/**'], [{ group: ['@client/*', '**/client/**'], message: 'The server never imports the client.' }]),
  restrict(['src/client/**'], [
    { group: ['**/server/**', 'node:*'], message: 'The client never imports the server.' },
  ]),
  ...features.map((f) =>
    restrict([`src/client/features/${f}/**`], [
      { group: ['**/server/**', 'node:*'], message: 'The client never imports the server.' },
      {
        group: features.filter((o) => o !== f).flatMap((o) => [`@client/features/${o}`, `@client/features/${o}/**`, `**/features/${o}/**`, `../../${o}/**`, `../${o}/**`]),
        message: 'A feature never imports another feature: compose them in src/client/app.',
      },
      { group: ['@client/app/*', '@client/app/**'], message: 'Features do not import the app shell.' },
    ]),
  ),
  ...modules.map((m) =>
    restrict([`src/server/modules/${m}/**`], [
      { group: ['@client/*', '**/client/**'], message: 'The server never imports the client.' },
      {
        group: modules.filter((o) => o !== m).flatMap((o) => [`../${o}/queries`, `../${o}/routes`, `**/modules/${o}/queries`, `**/modules/${o}/routes`]),
        message: 'Modules reach each other only through a service.',
      },
    ]),
  ),
  ...modules.map((m) =>
    restrict([`src/server/modules/${m}/routes.ts`], [
      { group: ['./queries', '../*/queries', 'drizzle-orm', 'drizzle-orm/*'], message: 'Routes call their service; services call queries.' },
      { group: ['@client/*', '**/client/**'], message: 'The server never imports the client.' },
    ]),
  ),
);
