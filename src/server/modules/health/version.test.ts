/**
 * GET /api/version (modules/health/version.ts, src/server/lib/release.ts, docs/decisions/0088): which
 * release an instance runs, from package.json, the release.json the build writes beside the client,
 * and RELEASE_COMMIT; the same as the sf_build_info metric.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { release as releaseSchema } from '@shared/schemas/release';
import packageJson from '../../../../package.json' with { type: 'json' };
import { loadConfig } from '../../env';
import { currentRelease, RELEASE_FILE } from '../../lib/release';
import { createTestApp, type TestContext } from '../../test/harness';

const COMMIT = 'a3f1c9e07b5d2e4f6a8b0c1d2e3f405162738495';
const BUILT_AT = '2026-11-28T18:30:00.000Z';

const dirs: string[] = [];
/** A client folder holding only release.json with this text (or nothing). */
function clientDirWith(text: string | null) {
  const dir = mkdtempSync(path.join(tmpdir(), 'sf-release-'));
  dirs.push(dir);
  if (text !== null) writeFileSync(path.join(dir, RELEASE_FILE), text);
  return dir;
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('GET /api/version', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ clientDir: clientDirWith(JSON.stringify({ version: packageJson.version, commit: COMMIT, builtAt: BUILT_AT })) });
  });
  afterAll(() => t?.close());

  it('answers anyone, never cached, with the version, the commit and the build time, as the shared schema says', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/version' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ version: packageJson.version, commit: COMMIT, builtAt: BUILT_AT });
    expect(releaseSchema.safeParse(res.json()).success).toBe(true);
  });

  it('says the same as the build-info metric', async () => {
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(text).toContain(`sf_build_info{version="${packageJson.version}",commit="${COMMIT}"} 1`);
  });

  it('without release.json nor RELEASE_COMMIT: the version alone, commit and build time null', async () => {
    const bare = await createTestApp({ shareDatabaseWith: t, clientDir: clientDirWith(null) });
    try {
      expect((await bare.app.inject({ method: 'GET', url: '/api/version' })).json()).toEqual({ version: packageJson.version, commit: null, builtAt: null });
    } finally {
      await bare.close();
    }
  });

  it('RELEASE_COMMIT gives the commit when the build recorded none (a build outside a git checkout)', async () => {
    const noCommit = clientDirWith(JSON.stringify({ version: packageJson.version, commit: null, builtAt: BUILT_AT }));
    const own = await createTestApp({ shareDatabaseWith: t, clientDir: noCommit, env: { RELEASE_COMMIT: 'ABCDEF1' } });
    try {
      expect((await own.app.inject({ method: 'GET', url: '/api/version' })).json()).toEqual({
        version: packageJson.version,
        commit: 'abcdef1',
        builtAt: BUILT_AT,
      });
    } finally {
      await own.close();
    }
  });
});

describe('the release an instance reports', () => {
  it("release.json's commit wins over RELEASE_COMMIT: a variable left from an older release cannot lie about a new build", () => {
    const dir = clientDirWith(JSON.stringify({ commit: COMMIT, builtAt: BUILT_AT }));
    expect(currentRelease({ clientDir: dir, commit: 'abcdef1' })).toEqual({ version: packageJson.version, commit: COMMIT, builtAt: BUILT_AT });
    expect(currentRelease({ clientDir: null, commit: 'abcdef1' })).toEqual({ version: packageJson.version, commit: 'abcdef1', builtAt: null });
  });

  it('a broken release.json is reported and ignored: the instance still starts, the commit unknown', () => {
    for (const text of [
      '{not json',
      JSON.stringify({ commit: 'not-a-commit', builtAt: BUILT_AT }),
      JSON.stringify({ commit: COMMIT, builtAt: 'yesterday' }),
      '[]',
    ]) {
      const warnings: string[] = [];
      expect(currentRelease({ clientDir: clientDirWith(text), warn: (m) => warnings.push(m) }), text).toEqual({
        version: packageJson.version,
        commit: null,
        builtAt: null,
      });
      expect(warnings, text).toHaveLength(1);
      expect(warnings[0]).toContain(RELEASE_FILE);
    }
    // No file is no news: nothing to report.
    const warnings: string[] = [];
    currentRelease({ clientDir: clientDirWith(null), warn: (m) => warnings.push(m) });
    expect(warnings).toEqual([]);
  });

  it('RELEASE_COMMIT must be a git commit, named when it is not', () => {
    expect(loadConfig({ RELEASE_COMMIT: COMMIT.toUpperCase() }).releaseCommit).toBe(COMMIT);
    expect(loadConfig({}).releaseCommit).toBeUndefined();
    for (const bad of ['v1.2.3', 'abc12', 'a3f1c9e07b5d2e4f6a8b0c1d2e3f405162738495ff', 'main']) {
      expect(() => loadConfig({ RELEASE_COMMIT: bad }), bad).toThrow(/RELEASE_COMMIT: must be a git commit/);
    }
  });
});
