// Lint rules, including the import rules of docs/architecture.md ("Layout"): shared imports
// nothing of ours; server and client never import each other; a client feature never imports
// another feature or the app shell; components/ui and lib never import features or the app;
// a server module reaches another only through its service; routes never touch queries or
// drizzle-orm; plugins never import modules. No import cycles: eslint-rules/import-cycles.test.ts
// walks every file's imports, lazy import() included (docs/decisions/0006, last section).
//
// The rules work on RESOLVED paths (import-x/no-restricted-paths zones, resolved through
// tsconfig.json, so `@client/...`, `@shared/...` and `../../..` are the same thing), not on the
// text of the import: see docs/decisions/0006-import-rules-on-resolved-paths.md. Package names
// are not paths, so those few stay in no-restricted-imports. In flat config the last block
// matching a file replaces earlier blocks' options for the same rule, so every zone is in ONE
// block, and the two no-restricted-imports blocks cover files that do not overlap.
// eslint-rules/import-probes.test.ts checks every rule with forbidden and allowed imports.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = fileURLToPath(new URL('.', import.meta.url));

const dirs = (p) => {
  try {
    return readdirSync(new URL(p, import.meta.url), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
  } catch {
    return [];
  }
};

const features = dirs('./src/client/features/');
const modules = dirs('./src/server/modules/');

// Zones: `target` files may not import anything that RESOLVES into `from` (minus `except`,
// relative to `from`). Paths are relative to the repository root (basePath).
const zones = [
  {
    target: 'src/shared',
    from: '.',
    except: ['./src/shared', './node_modules'],
    message: 'src/shared is isomorphic and imports nothing of ours outside src/shared (docs/architecture.md, Layout).',
  },
  { target: 'src/server', from: 'src/client', message: 'The server never imports the client.' },
  { target: 'src/client', from: 'src/server', message: 'The client never imports the server (share code through src/shared).' },
  ...features.map((f) => ({
    target: `src/client/features/${f}`,
    from: 'src/client/features',
    except: [`./${f}`],
    message: 'A feature never imports another feature: compose them in src/client/app, or move the shared piece to src/client/lib or components/ui.',
  })),
  {
    target: 'src/client/features',
    from: 'src/client/app',
    message: 'Features do not import the app shell: take what you need as props, or from src/client/lib.',
  },
  {
    target: ['src/client/components/ui', 'src/client/lib'],
    from: ['src/client/features', 'src/client/app'],
    message: 'components/ui and lib are below features and the app: they never import them.',
  },
  ...modules.map((m) => ({
    target: `src/server/modules/${m}`,
    from: 'src/server/modules',
    except: [`./${m}`, ...modules.filter((o) => o !== m).flatMap((o) => [`./${o}/service.ts`, `./${o}/index.ts`])],
    message: 'Modules reach each other only through a service (modules/<other>/service.ts, or its index.ts).',
  })),
  {
    target: 'src/server/modules/*/routes.ts',
    from: 'src/server/modules/*/queries.ts',
    message: 'Routes call their service; services call queries.',
  },
  {
    target: 'src/server/plugins',
    from: 'src/server/modules',
    message: 'Plugins are shared capabilities: they never import feature modules (modules depend on plugins, not the reverse).',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'src/server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'bench/.out/**',
      // Files that import each other on purpose, for eslint-rules/import-cycles.test.ts.
      'eslint-rules/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // `import { type A } from './a'` stays a runtime import under verbatimModuleSyntax; the
      // cycle check of what runs (eslint-rules/import-cycles.test.ts) skips type-only imports, so it
      // must not see such a half-erased one.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      // Prettier wraps code at 160 (.prettierrc.json); what it cannot break is checked here:
      // comments are, a long message, template, regular expression or URL is not (docs/decisions/0058).
      'max-len': ['error', { code: 160, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true }],
      // One piece per file (issue 40): no source file over 450 lines, every line counted; the demo data alone is longer.
      'max-lines': ['error', { max: 450, skipBlankLines: false, skipComments: false }],
    },
  },
  { files: ['src/server/demo/seed.ts'], rules: { 'max-lines': 'off' } },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },

  // Import rules on resolved paths.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}tsconfig.json`, alwaysTryTypes: true })],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
      // An import that does not resolve would slip past the zones: make it an error.
      'import-x/no-unresolved': 'error',
    },
  },
  {
    files: ['src/shared/**/*.ts', 'src/client/**/*.{ts,tsx}'],
    // Checks on the client's production build run in Node and build it (vitest project `build`).
    ignores: ['src/client/**/*.build.test.ts'],
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  // Package names (not paths). The two file sets are disjoint, so neither block replaces the
  // other's options; add any new no-restricted-imports entry to one of these two blocks.
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(react|react-dom|react-router|react-router-dom|react-hook-form|@tanstack/[^/]+|@radix-ui/[^/]+|lucide-react|sonner)(/.*)?$',
              message: 'src/shared is isomorphic: no React or client-only packages.',
            },
            {
              regex: '^(drizzle-orm|drizzle-kit|pg|@electric-sql/pglite|fastify|fastify-[^/]+|@fastify/[^/]+|nodemailer|stripe|ws)(/.*)?$',
              message: 'src/shared is isomorphic: no database, Fastify or other server-only packages.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/modules/*/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^drizzle-orm(/.*)?$', message: 'Routes call their service; services call queries (no drizzle-orm in routes).' }] },
      ],
    },
  },
);
