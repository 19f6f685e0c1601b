/**
 * Release folders (deploy/releases.sh, docs/decisions/0090-upgrades-without-a-blink.md): an instance
 * serves the HTML of the release it was started with and, from the release now current, the assets of
 * the release before it (a page opened before the upgrade loads its lazy chunks); a release retired
 * more than an hour ago is not carried; rollback refuses to cross migrations the older release does
 * not know. The release folders are made by the same shell functions deploy/upgrade.sh uses.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/harness';

const deploy = fileURLToPath(new URL('../../deploy', import.meta.url));
let appDir: string;
const open: TestContext[] = [];

/** A release folder as deploy/upgrade.sh leaves it: its page, its own hashed assets, the migrations it knows. */
function release(id: string, migrations: string[]) {
  const dir = path.join(appDir, 'releases', id);
  mkdirSync(path.join(dir, 'dist/client/assets'), { recursive: true });
  mkdirSync(path.join(dir, 'dist/server/migrations/meta'), { recursive: true });
  writeFileSync(
    path.join(dir, 'dist/client/index.html'),
    `<!doctype html><html><head><title>Speed Friendship</title><script type="module" src="/assets/index-${id}.js"></script></head><body>release ${id}</body></html>`,
  );
  writeFileSync(path.join(dir, `dist/client/assets/index-${id}.js`), `console.log('entry of ${id}');`);
  writeFileSync(path.join(dir, `dist/client/assets/lazy-${id}.js`), `export const screen = '${id}';`);
  writeFileSync(path.join(dir, 'OWN_ASSETS'), `index-${id}.js\nlazy-${id}.js\n`);
  writeFileSync(path.join(dir, 'dist/server/main.js'), '');
  writeFileSync(
    path.join(dir, 'dist/server/migrations/meta/_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries: migrations.map((tag, idx) => ({ idx, tag, when: idx, breakpoints: true })) }),
  );
}

/** Run a function of deploy/releases.sh (or a script) as deploy/upgrade.sh does, on this test's APP_DIR. */
function sh(script: string, env: Record<string, string> = {}) {
  const r = spawnSync('bash', ['-c', script], {
    env: { PATH: process.env.PATH, APP_DIR: appDir, PORTS: '', RESTART_CMD: 'false', ...env },
    encoding: 'utf8',
  });
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}
const switchTo = (id: string) => {
  const r = sh(`set -e; source '${deploy}/releases.sh'; switch_to ${id}`);
  expect(r.code, r.out).toBe(0);
};
const current = () => path.basename(readlinkSync(path.join(appDir, 'current')));
const instance = async () => {
  // As the unit starts it: through the `current` link (main.ts gives buildApp the folder beside its module).
  const t = await createTestApp({ clientDir: path.join(appDir, 'current/dist/client') });
  open.push(t);
  return t.app;
};

beforeAll(() => {
  appDir = mkdtempSync(path.join(tmpdir(), 'sf-releases-'));
  release('20261101T100000Z-aaaa', ['0000_init']);
  release('20261102T100000Z-bbbb', ['0000_init']);
});
afterAll(async () => {
  for (const t of open) await t.close();
  rmSync(appDir, { recursive: true, force: true });
});

describe('an upgrade to a new release folder', () => {
  it('serves the new release’s page, and the previous release’s chunks to pages opened before it', async () => {
    switchTo('20261101T100000Z-aaaa');
    const a = await instance();
    expect((await a.inject({ method: 'GET', url: '/' })).body).toContain('release 20261101T100000Z-aaaa');

    switchTo('20261102T100000Z-bbbb');
    expect(current()).toBe('20261102T100000Z-bbbb');
    expect(path.basename(readlinkSync(path.join(appDir, 'previous')))).toBe('20261101T100000Z-aaaa');
    // The instance started before the switch still serves its own release until it restarts.
    expect((await a.inject({ method: 'GET', url: '/' })).body).toContain('release 20261101T100000Z-aaaa');
    expect((await a.inject({ method: 'GET', url: '/events?x=1' })).body).toContain('release 20261101T100000Z-aaaa');

    // Restarted, it serves the new release's page, and the old page's lazy chunk as a script.
    const b = await instance();
    const page = await b.inject({ method: 'GET', url: '/profile' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('release 20261102T100000Z-bbbb');
    const old = await b.inject({ method: 'GET', url: '/assets/lazy-20261101T100000Z-aaaa.js' });
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe("export const screen = '20261101T100000Z-aaaa';");
    expect(old.headers['content-type']).toMatch(/javascript/);
    expect(old.headers['cache-control']).toContain('immutable');
    expect((await b.inject({ method: 'GET', url: '/assets/lazy-20261102T100000Z-bbbb.js' })).statusCode).toBe(200);
    // A chunk no live release has is a 404, not the page (a script that gets HTML fails obscurely).
    const missing = await b.inject({ method: 'GET', url: '/assets/lazy-nowhere.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<html');
    // Two apps on fresh databases: slow on a busy machine.
  }, 120_000);

  it('does not carry the assets of a release retired more than an hour ago', () => {
    // bbbb is current and aaaa previous; aaaa stopped being live two hours ago.
    writeFileSync(path.join(appDir, 'releases/20261101T100000Z-aaaa/RETIRED_AT'), String(Math.floor(Date.now() / 1000) - 7200));
    release('20261103T100000Z-cccc', ['0000_init']);
    switchTo('20261103T100000Z-cccc');
    const assets = path.join(appDir, 'releases/20261103T100000Z-cccc/dist/client/assets');
    expect(existsSync(path.join(assets, 'lazy-20261102T100000Z-bbbb.js'))).toBe(true);
    expect(existsSync(path.join(assets, 'lazy-20261101T100000Z-aaaa.js'))).toBe(false);
  });
});

describe('deploy/rollback.sh', () => {
  it('refuses to go back across migrations the previous release does not know, and changes nothing', () => {
    release('20261104T100000Z-dddd', ['0000_init', '0001_new_table']);
    switchTo('20261104T100000Z-dddd');
    const r = sh(`bash '${deploy}/rollback.sh'`);
    expect(r.code).toBe(1);
    expect(r.out).toContain('refusing to roll back from 20261104T100000Z-dddd to 20261103T100000Z-cccc');
    expect(r.out).toContain('0001_new_table');
    expect(current()).toBe('20261104T100000Z-dddd');
  });

  it('goes back with --force, and the newer release’s pages keep their chunks', async () => {
    const r = sh(`bash '${deploy}/rollback.sh' --force`, { RESTART_CMD: 'true' });
    expect(r.code, r.out).toBe(0);
    expect(current()).toBe('20261103T100000Z-cccc');
    const c = await instance();
    expect((await c.inject({ method: 'GET', url: '/' })).body).toContain('release 20261103T100000Z-cccc');
    expect((await c.inject({ method: 'GET', url: '/assets/lazy-20261104T100000Z-dddd.js' })).statusCode).toBe(200);
  }, 60_000);

  it('goes back without --force when the releases know the same migrations, restarting each instance', () => {
    // cccc and bbbb know the same migrations; the restart command fails, so the script must say so.
    const r = sh(`bash '${deploy}/rollback.sh' 20261102T100000Z-bbbb`, { PORTS: '59999', RESTART_CMD: 'echo restart %i; false' });
    expect(r.out).toContain('restart 59999');
    expect(r.code).toBe(1);
    expect(current()).toBe('20261102T100000Z-bbbb');
  });
});
