/**
 * The server's node process starts the same way everywhere (docs/decisions/0150): `npm start`
 * (scripts/start.mjs) and the bench (bench/lib/procs.ts) read scripts/server-process.json, and the
 * systemd unit, which cannot read it, says the same: its flags on the node command line, its
 * environment as defaults an operator's env file overrides. A flag this node does not know fails here
 * before it fails a start.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import serverProcess from '../../../scripts/server-process.json' with { type: 'json' };

const repoFile = (p: string) => readFileSync(fileURLToPath(new URL(`../../../${p}`, import.meta.url)), 'utf8');

describe("the server's node process", () => {
  const unit = repoFile('deploy/speed-friendship@.service');

  it('is started by the systemd unit with the flags npm start uses, before the release', () => {
    const execStart = /^ExecStart=(.*)$/m.exec(unit)?.[1] ?? '';
    const [, flags] = /\/usr\/bin\/node (.*) current\/dist\/server\/main\.js$/.exec(execStart) ?? [];
    expect(flags?.split(' ')).toEqual(serverProcess.nodeFlags);
  });

  it("gets the unit's environment as defaults that the operator's env file overrides", () => {
    const lines = unit.split('\n');
    const envFile = lines.findIndex((l) => l.startsWith('EnvironmentFile='));
    for (const [name, value] of Object.entries(serverProcess.env)) {
      const at = lines.indexOf(`Environment=${name}=${value}`);
      expect(at, `Environment=${name}=${value}`).toBeGreaterThanOrEqual(0);
      expect(at).toBeLessThan(envFile);
    }
  });

  it('runs with flags this node accepts, and the young generation capped as they say', () => {
    // The heap's new space is two semi-spaces: capped at 8 MB each, it never grows past 16 MB however much is allocated.
    const churn = `const v8 = require('node:v8'); let keep = []; for (let i = 0; i < 3e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 2e5) keep = []; }
      process.stdout.write(String(v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size))`;
    const run = spawnSync(process.execPath, [...serverProcess.nodeFlags, '-e', churn], { encoding: 'utf8', env: { ...process.env, ...serverProcess.env } });
    expect(run.status, run.stderr).toBe(0);
    expect(Number(run.stdout)).toBeGreaterThan(0);
    expect(Number(run.stdout)).toBeLessThanOrEqual(16 * 2 ** 20);
  });
});
