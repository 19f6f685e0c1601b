import { existsSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A production install is `npm ci --omit=dev` (README "Production"): the server and the maintenance
 * commands (`npm run seed|admin|backup|restore`, run with tsx) must need nothing from
 * devDependencies at run time (docs/decisions/0089). Walks what each entry point imports, our own
 * files through, and checks every package it reaches. Type-only imports are left out: they are
 * gone at run time.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const builtins = new Set(builtinModules);

/** Our own file for a specifier, or null for a package. */
function ownFile(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('@shared/')) base = path.join(root, 'src/shared', spec.slice('@shared/'.length));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && candidate.match(/\.(ts|tsx|js|mjs|json)$/)) return candidate;
  }
  throw new Error(`${path.relative(root, from)} imports ${spec}, which is not there`);
}

/** The specifiers a file imports at run time: static imports and re-exports (not type-only), and import() of a string. */
function runtimeImports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const out: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause &&
        (clause.isTypeOnly ||
          (!clause.name &&
            clause.namedBindings &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) out.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) && !node.isTypeOnly) {
      out.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      out.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const packageOf = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);

/** Every package reached from `entry` at run time, with the first of our files that imports it. */
function packagesReached(entry: string): Map<string, string> {
  const seen = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [path.join(root, entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!/\.tsx?$/.test(file)) continue;
    for (const spec of runtimeImports(file)) {
      const own = ownFile(file, spec);
      if (own) queue.push(own);
      else if (!spec.startsWith('node:') && !builtins.has(spec) && !packages.has(packageOf(spec))) packages.set(packageOf(spec), path.relative(root, file));
    }
  }
  return packages;
}

describe('after npm ci --omit=dev', () => {
  const entries = ['src/server/main.ts', 'src/server/cli/seed.ts', 'src/server/cli/admin.ts', 'src/server/cli/backup.ts', 'src/server/cli/restore.ts'];

  it.each(entries)('%s needs only dependencies at run time', (entry) => {
    const reached = packagesReached(entry);
    expect(reached.size, 'the walk found the packages (a walk that finds nothing proves nothing)').toBeGreaterThan(2);
    const missing = [...reached].filter(([name]) => !(name in pkg.dependencies)).map(([name, by]) => `${name} (imported by ${by})`);
    expect(missing).toEqual([]);
  });

  it('the commands run with tsx, which is a dependency', () => {
    for (const script of ['seed', 'admin', 'backup', 'restore']) {
      const command = pkg.scripts[script]!;
      const runner = command.split(' ')[0]!;
      expect(command, script).toMatch(new RegExp(`^tsx src/server/cli/${script}\\.ts$`));
      expect(pkg.dependencies, `${script} runs with ${runner}`).toHaveProperty(runner);
    }
  });

  it('the walk sees a devDependency when one is imported (the check can fail)', () => {
    // vitest is a devDependency, and this very file imports it.
    const reached = packagesReached('src/server/cli/production-deps.test.ts');
    expect(reached.has('vitest')).toBe(true);
    expect('vitest' in pkg.dependencies).toBe(false);
  });
});
