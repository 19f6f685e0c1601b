/**
 * No import cycle in src/, type-only imports included. ESLint's import-x/no-cycle skips
 * `import type` (it has no option to count them), so two files that name each other's types
 * passed the lint; a cycle of types still ties two modules together and is where a runtime
 * cycle starts. This walks the static imports of every source file (dynamic `import()` is a
 * lazy edge and is not followed) and fails on any strongly connected group of files, and on
 * any between server modules (each folder of src/server/modules one node, tests aside).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = path.join(root, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.d\.ts$/.test(name) ? [full] : [];
  });
}

/** Static import and re-export specifiers, `import type` and `export type … from` included. */
export function staticImports(code: string): string[] {
  const out: string[] = [];
  const re = /^\s*(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]/gm;
  for (const m of code.matchAll(re)) out.push(m[1]!);
  return out;
}

function resolve(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@client/')) base = path.join(src, 'client', spec.slice('@client/'.length));
  else if (spec.startsWith('@shared/')) base = path.join(src, 'shared', spec.slice('@shared/'.length));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null; // a package
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
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

describe('import cycles, type-only imports included', () => {
  it('finds a cycle through `import type` (the check itself)', () => {
    expect(
      staticImports(
        "import type { A } from './a';\nimport { b } from \"./b\";\nexport type { C } from './c';\nexport * from './d';\nconst x = import('./lazy');",
      ),
    ).toEqual(['./a', './b', './c', './d']);
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

  it('src/ has none', () => {
    const files = sourceFiles(src);
    expect(files.length).toBeGreaterThan(300);
    const graph = new Map(files.map((f) => [f, staticImports(readFileSync(f, 'utf8')).flatMap((s) => resolve(f, s) ?? [])]));
    const rel = cycles(graph).map((group) => group.map((f) => path.relative(root, f)));
    expect(rel).toEqual([]);
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
