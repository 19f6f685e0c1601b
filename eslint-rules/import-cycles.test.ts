/**
 * No import cycle anywhere in the repository (docs/decisions/0006). Two graphs of files:
 * - every static import and re-export, `import type` included: a cycle of types still ties two
 *   modules together and is where a runtime cycle starts;
 * - what runs: static imports but `import type` / `export type`, plus dynamic `import()`, a lazy
 *   edge that still evaluates the module it names. This is the graph ESLint's import-x/no-cycle
 *   checked; the walk here does it in a fraction of the time (decision 0006, last section).
 * Both fail on any strongly connected group of files, and the server modules on any between them
 * (each folder of src/server/modules one node, tests aside).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = path.join(root, 'src');
/** The folders ESLint lints (eslint.config.js), and the files at the top. */
const FOLDERS = ['src', 'e2e', 'bench', 'scripts', 'deploy', 'eslint-rules'];
const SKIP = new Set(['node_modules', 'dist', 'fixtures', '.out']);
const CODE = /\.(tsx?|mts|m?js)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return SKIP.has(name) ? [] : sourceFiles(full);
    return CODE.test(name) && !/\.d\.ts$/.test(name) ? [full] : [];
  });
}

function repositoryFiles(): string[] {
  const top = readdirSync(root)
    .filter((name) => CODE.test(name) && statSync(path.join(root, name)).isFile())
    .map((name) => path.join(root, name));
  return [...top, ...FOLDERS.flatMap((f) => sourceFiles(path.join(root, f)))];
}

/** Static import and re-export specifiers, `import type` and `export type … from` included. */
export function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /^\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const m of code.matchAll(re)) out.push(m[1]!);
  return out;
}

/** What runs: static imports and re-exports but the type-only ones, and dynamic `import('…')`. */
export function runtimeImports(code: string): string[] {
  const out: string[] = [];
  const re = /^\s*(?:import|export)\s+(type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const m of code.matchAll(re)) if (!m[1]) out.push(m[2]!);
  for (const m of code.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]!);
  return out;
}

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@client/')) base = path.join(src, 'client', spec.slice('@client/'.length));
  else if (spec.startsWith('@shared/')) base = path.join(src, 'shared', spec.slice('@shared/'.length));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null; // a package
  // A `.js` specifier names the TypeScript file beside it (NodeNext style), or a JavaScript file.
  const stem = base.replace(/\.(m?js)$/, '');
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}.mts`, `${base}.mjs`, `${base}.js`, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`];
  for (const candidate of [...candidates, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Tarjan's strongly connected components with more than one file (or a file importing itself). */
export function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

const graphOf = (files: string[], imports: (code: string) => string[]) =>
  new Map(files.map((f) => [f, imports(readFileSync(f, 'utf8')).flatMap((s) => resolve(f, s) ?? [])]));
const relative = (found: string[][]) => found.map((group) => group.map((f) => path.relative(root, f)));

describe('import cycles', () => {
  it('finds a cycle through `import type` (the check itself)', () => {
    const code = "import type { A } from './a';\nimport { b } from \"./b\";\nexport type { C } from './c';\nexport * from './d';\nconst x = import('./lazy');";
    expect(staticImports(code)).toEqual(['./a', './b', './c', './d']);
    expect(runtimeImports(code)).toEqual(['./b', './d', './lazy']);
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', ['a']],
          ['c', ['a']],
        ]),
      ),
    ).toEqual([['a', 'b']]);
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('finds the committed fixtures: a pair importing each other at run time in both graphs, a pair of types only in the first', () => {
    const fixtures = ['a.ts', 'b.ts', 'type-a.ts', 'type-b.ts'].map((f) => path.join(root, 'eslint-rules/fixtures/cycle', f));
    const rel = (found: string[][]) => relative(found).map((g) => g.map((f) => path.basename(f)));
    expect(rel(cycles(graphOf(fixtures, staticImports)))).toEqual([
      ['a.ts', 'b.ts'],
      ['type-a.ts', 'type-b.ts'],
    ]);
    expect(rel(cycles(graphOf(fixtures, runtimeImports)))).toEqual([['a.ts', 'b.ts']]);
  });

  it('the repository has none, type-only imports included', () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(900);
    // Every folder ESLint lints is walked (a renamed folder would drop out unseen).
    for (const folder of FOLDERS)
      expect(
        files.some((f) => f.startsWith(path.join(root, folder) + path.sep)),
        folder,
      ).toBe(true);
    expect(relative(cycles(graphOf(files, staticImports)))).toEqual([]);
  });

  it('the repository has none at run time, lazy `import()` included', () => {
    const files = repositoryFiles();
    const graph = graphOf(files, runtimeImports);
    // The route table's screens are lazy edges: they are in this graph.
    const router = path.join(src, 'client/app/router.tsx');
    expect(graph.get(router)).toContain(path.join(src, 'client/app/routes/events.tsx'));
    expect(relative(cycles(graph))).toEqual([]);
  });

  it('the server modules have none between them either (a module is its folder, tests aside)', () => {
    const modules = path.join(src, 'server', 'modules');
    const moduleOf = (f: string) => (f.startsWith(modules + path.sep) ? path.relative(modules, f).split(path.sep)[0]! : null);
    const graph = new Map<string, string[]>();
    for (const f of sourceFiles(modules).filter((x) => !/\.test\.ts$/.test(x))) {
      const from = moduleOf(f)!;
      const to = staticImports(readFileSync(f, 'utf8'))
        .flatMap((s) => moduleOf(resolve(f, s) ?? '') ?? [])
        .filter((m) => m !== from);
      graph.set(from, [...new Set([...(graph.get(from) ?? []), ...to])]);
    }
    expect(graph.size).toBeGreaterThan(15);
    expect(cycles(graph)).toEqual([]);
  });
});
