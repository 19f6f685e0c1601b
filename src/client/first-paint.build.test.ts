/**
 * The performance rules of the first paint of `/` (docs/decisions/0020, 0024, 0027), checked on
 * the real production build instead of only by the benchmark: the scripts a visitor's browser
 * loads for `/` (the entry and its static imports, then the home screen's chunk and its static
 * imports) hold no zod and no TanStack Query, and stay within the 100 KB gzip budget.
 *
 * `npm run bench` (section "first paint") still measures what Chromium really requests; this
 * test is the same rule, cheap enough to run with every `npm test`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/** docs/decisions/0020: at most 100 KB of gzipped JavaScript until the network is idle. */
const FIRST_PAINT_BUDGET_KB = 100;
/** Libraries that load only when a screen needs them (a form touched, a member's data). */
const NOT_ON_FIRST_PAINT = [/[\\/]node_modules[\\/]zod[\\/]/, /[\\/]node_modules[\\/]@tanstack[\\/]/, /[\\/]node_modules[\\/]react-hook-form[\\/]/];

const root = fileURLToPath(new URL('../..', import.meta.url));
let chunks: Rollup.OutputChunk[] = [];
let outDir = '';

beforeAll(async () => {
  outDir = mkdtempSync(path.join(os.tmpdir(), 'sf-first-paint-'));
  // As `npm run build` does: Vite keeps a NODE_ENV already set (Vitest's "test" would build React's development copy).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    configFile: path.join(root, 'vite.config.ts'),
    mode: 'production',
    logLevel: 'silent',
    build: { write: false, outDir, emptyOutDir: false },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  chunks = outputs.flatMap((o) => o.output).filter((f): f is Rollup.OutputChunk => f.type === 'chunk');
}, 180_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

/** A chunk and every chunk it imports statically (what the browser fetches before running it). */
function withStaticImports(start: Rollup.OutputChunk): Rollup.OutputChunk[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const seen = new Map<string, Rollup.OutputChunk>();
  const visit = (c: Rollup.OutputChunk) => {
    if (seen.has(c.fileName)) return;
    seen.set(c.fileName, c);
    for (const f of c.imports) visit(byFile.get(f)!);
  };
  visit(start);
  return [...seen.values()];
}

function firstPaintOfHome() {
  const entry = chunks.find((c) => c.isEntry);
  const home = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith('/src/client/app/routes/home.tsx'));
  if (!entry || !home) throw new Error(`the build has no ${entry ? 'home screen chunk' : 'entry chunk'}`);
  const files = new Map([...withStaticImports(entry), ...withStaticImports(home)].map((c) => [c.fileName, c]));
  return [...files.values()];
}

describe('the first paint of / (production build)', () => {
  test('loads no zod, TanStack Query or form library: they come with the screens that use them', () => {
    const loaded = firstPaintOfHome();
    const offending = loaded.flatMap((c) =>
      c.moduleIds.filter((id) => NOT_ON_FIRST_PAINT.some((re) => re.test(id))).map((id) => `${c.fileName}: ${path.relative(root, id)}`),
    );
    expect(offending).toEqual([]);
    // The rule is about those libraries, not about the build having none: other screens load them.
    expect(chunks.some((c) => c.moduleIds.some((id) => NOT_ON_FIRST_PAINT[0]!.test(id)))).toBe(true);
  });

  test(`stays within ${FIRST_PAINT_BUDGET_KB} KB of gzipped JavaScript`, () => {
    const loaded = firstPaintOfHome();
    const kb = loaded.reduce((sum, c) => sum + gzipSync(c.code).length, 0) / 1024;
    expect(kb, loaded.map((c) => c.fileName).join(', ')).toBeLessThanOrEqual(FIRST_PAINT_BUDGET_KB);
    // A sanity floor: React and the router alone are ~80 KB, so a figure below that measured nothing.
    expect(kb).toBeGreaterThan(60);
  });
});
