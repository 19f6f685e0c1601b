/**
 * Import probes for the rules of docs/architecture.md ("Layout"), as configured in
 * eslint.config.js (docs/decisions/0006-import-rules-on-resolved-paths.md).
 *
 * Each probe lints one import line as if it were a file at a virtual path inside the real
 * tree (the file itself need not exist; what it imports must, since the rules work on
 * resolved paths), with the project's own configuration, and checks which import rules
 * report it. Forbidden imports must be refused by the named rule(s); allowed ones must pass.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));

const ZONE = 'import-x/no-restricted-paths';
const BUILTIN = 'import-x/no-nodejs-modules';
const PACKAGE = 'no-restricted-imports';
const IMPORT_RULES = new Set([ZONE, BUILTIN, PACKAGE, 'import-x/no-unresolved']);

// Real files the probes import (relative to the repository root). If one moves, the probe
// fails here with a clear message instead of passing because nothing resolved.
const real = [
  'src/client/app/router.tsx',
  'src/client/lib/api.ts',
  'src/client/components/ui/button.tsx',
  'src/client/features/events/lib/format.ts',
  'src/client/features/events/api/events.ts',
  'src/client/features/live/api/live.ts',
  'src/server/env.ts',
  'src/server/modules/events/service.ts',
  'src/server/modules/events/queries.ts',
  'src/server/modules/tickets/service.ts',
  'src/server/modules/tickets/queries.ts',
  'src/server/modules/tickets/routes.ts',
  'src/server/modules/tickets/ticket-mail.ts',
  'src/shared/domain/constants.ts',
  'src/shared/schemas/events.ts',
  'scripts/start.mjs',
];

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** Import-rule ids reported for `import * as probe from '<source>'` in a file at `file`. */
async function probe(file: string, source: string): Promise<string[]> {
  const code = `import * as probe from '${source}';\n\nexport { probe };\n`;
  const [result] = await eslint.lintText(code, { filePath: `${root}${file}` });
  const fatal = result?.messages.filter((m) => m.fatal) ?? [];
  expect(fatal, `parse error in probe ${file}`).toEqual([]);
  return [...new Set((result?.messages ?? []).map((m) => m.ruleId ?? '').filter((id) => IMPORT_RULES.has(id)))].sort();
}

type Probe = [file: string, source: string, rules: string[]];

// Virtual files inside the real tree.
const SHARED = 'src/shared/domain/probe.ts';
const SERVER = 'src/server/probe.ts';
const CLIENT_APP = 'src/client/app/routes/probe.tsx';
const FEATURE = 'src/client/features/events/components/probe.tsx';
const UI = 'src/client/components/ui/probe.tsx';
const LIB = 'src/client/lib/probe.ts';
const MODULE = 'src/server/modules/events/probe.ts';
const ROUTES = 'src/server/modules/events/routes.ts';
const PLUGIN = 'src/server/plugins/probe.ts';

const forbidden: Probe[] = [
  // src/shared: nothing of ours outside src/shared, no node built-ins, no React, no server packages.
  [SHARED, '@client/lib/api', [ZONE]],
  [SHARED, '../../client/lib/api', [ZONE]],
  [SHARED, '../../server/env', [ZONE]],
  [SHARED, '../../../scripts/start.mjs', [ZONE]],
  [SHARED, 'node:fs', [BUILTIN]],
  [SHARED, 'fs', [BUILTIN]],
  [SHARED, 'path', [BUILTIN]],
  [SHARED, 'react', [PACKAGE]],
  [SHARED, 'react-dom/client', [PACKAGE]],
  [SHARED, 'react-router', [PACKAGE]],
  [SHARED, 'drizzle-orm', [PACKAGE]],
  [SHARED, 'drizzle-orm/pg-core', [PACKAGE]],
  [SHARED, 'pg', [PACKAGE]],
  [SHARED, 'fastify', [PACKAGE]],
  // server never imports client; client never imports server or node built-ins.
  [SERVER, '@client/lib/api', [ZONE]],
  [SERVER, '../client/lib/api', [ZONE]],
  [LIB, '../../server/env', [ZONE]],
  [FEATURE, '../../../../server/modules/events/service', [ZONE]],
  [LIB, 'node:crypto', [BUILTIN]],
  [FEATURE, 'crypto', [BUILTIN]],
  // a feature never imports another feature, nor the app shell.
  [FEATURE, '@client/features/live/api/live', [ZONE]],
  [FEATURE, '../../live/api/live', [ZONE]],
  [FEATURE, '../../../app/router', [ZONE]],
  [FEATURE, '@client/app/router', [ZONE]],
  // components/ui and lib never import features or the app.
  [UI, '@client/features/events/lib/format', [ZONE]],
  [UI, '../../app/router', [ZONE]],
  [LIB, '../features/events/api/events', [ZONE]],
  [LIB, '@client/app/router', [ZONE]],
  // a module reaches another only through its service.
  [MODULE, '../tickets/queries', [ZONE]],
  [MODULE, '../tickets/routes', [ZONE]],
  [MODULE, '../tickets/ticket-mail', [ZONE]],
  // routes.ts: no queries (its own or another's), no drizzle-orm; the module zones still hold there.
  [ROUTES, './queries', [ZONE]],
  [ROUTES, '../tickets/queries', [ZONE]],
  [ROUTES, '../tickets/ticket-mail', [ZONE]],
  [ROUTES, 'drizzle-orm', [PACKAGE]],
  // plugins never import modules.
  [PLUGIN, '../modules/events/service', [ZONE]],
];

const allowed: Probe[] = [
  [SHARED, 'zod', []],
  [SHARED, './constants', []],
  [SHARED, '@shared/schemas/events', []],
  [FEATURE, '@shared/schemas/events', []],
  [FEATURE, '@client/components/ui/button', []],
  [FEATURE, '@client/lib/api', []],
  [FEATURE, '../lib/format', []],
  [FEATURE, '@client/features/events/api/events', []],
  [FEATURE, 'react', []],
  [CLIENT_APP, '@client/features/events/api/events', []],
  [CLIENT_APP, '../../features/live/api/live', []],
  [UI, '../../lib/api', []],
  [LIB, '@shared/domain/constants', []],
  [MODULE, '../tickets/service', []],
  [MODULE, './queries', []],
  [ROUTES, './service', []],
  [ROUTES, '../tickets/service', []],
  [SERVER, '@shared/domain/constants', []],
  [SERVER, 'node:fs', []],
];

describe('import probes', () => {
  it('imports only real files', () => {
    expect(real.filter((f) => !existsSync(`${root}${f}`))).toEqual([]);
  });

  it.each(forbidden)('%s: import %s is refused by %j', async (file, source, rules) => {
    expect(await probe(file, source)).toEqual(rules);
  });

  it.each(allowed)('%s: import %s is allowed', async (file, source, rules) => {
    expect(await probe(file, source)).toEqual(rules);
  });
});
