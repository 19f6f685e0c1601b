/**
 * The embedded database and its backups are the server user's alone (issue 33): before, the data
 * directory was created world-readable (970 of 1,196 files 0644) and backups were 0644.
 */
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { backup } from '../backup';
import { loadConfig } from '../env';
import { openPglite } from './client';

const root = mkdtempSync(path.join(os.tmpdir(), 'sf-perm-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Every directory and file under `dir` whose mode is not 0700 / 0600. */
function opened(dir: string): string[] {
  const out: string[] = [];
  const walk = (p: string) => {
    if ((statSync(p).mode & 0o777) !== 0o700) out.push(`${p} ${(statSync(p).mode & 0o777).toString(8)}`);
    for (const e of readdirSync(p, { withFileTypes: true })) {
      const child = path.join(p, e.name);
      if (e.isDirectory()) walk(child);
      else if (e.isFile() && (statSync(child).mode & 0o777) !== 0o600) out.push(`${child} ${(statSync(child).mode & 0o777).toString(8)}`);
    }
  };
  walk(dir);
  return out;
}

describe('the embedded data directory', () => {
  const dataDir = path.join(root, 'data');
  const dir = path.join(dataDir, 'pglite');

  it('is created 0700 with every file 0600, and an older directory is put right when opened', { timeout: 60_000 }, async () => {
    const database = await openPglite(dir);
    await database.db.execute(sql`create table notes (id serial primary key, body text)`);
    await database.db.execute(sql`insert into notes (body) select repeat('x', 200) from generate_series(1, 500)`);
    await database.db.execute(sql`checkpoint`);
    await database.close();
    const files = readdirSync(dir, { recursive: true }).length;
    expect(files).toBeGreaterThan(100);
    expect(opened(dir)).toEqual([]);

    // A directory made before the rule: its files are made private on the next start.
    const someFile = path.join(dir, 'PG_VERSION');
    chmodSync(someFile, 0o644);
    chmodSync(dir, 0o755);
    const again = await openPglite(dir);
    await again.close();
    expect(opened(dir)).toEqual([]);
  });

  it('backs up into a 0700 directory, the file 0600', { timeout: 60_000 }, async () => {
    const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
    const backups = path.join(root, 'backups');
    // A permissive umask, as the CLI may start with: the backup is private all the same.
    const before = process.umask(0o022);
    try {
      const file = await backup(config, backups);
      expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
      expect((statSync(backups).mode & 0o777).toString(8)).toBe('700');
    } finally {
      process.umask(before);
    }
  });
});
