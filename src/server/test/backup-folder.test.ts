/**
 * BACKUP_DIR (docs/decisions/0089): `npm run backup` makes a missing folder for its user alone
 * (mode 0700), and refuses a folder every user of the machine can open, since a backup holds
 * every member's data.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backup, BackupError, backupFolder } from '../backup';
import { loadConfig } from '../env';

const root = path.resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'sf-backup-folder-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const modeOf = (dir: string) => statSync(dir).mode & 0o777;

describe('the backup folder', () => {
  it('is made with mode 0700 when missing, parents included', () => {
    const dir = path.join(scratch, 'new', 'backups');
    backupFolder(dir);
    expect(modeOf(dir)).toBe(0o700);
  });

  it('open to every user (0755, 0777, 0701): refused with the fix, and no file written', async () => {
    for (const mode of [0o755, 0o777, 0o701]) {
      const dir = path.join(scratch, `open-${mode.toString(8)}`);
      mkdirSync(dir);
      chmodSync(dir, mode);
      const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(scratch, 'no-data') });
      await expect(backup(config, dir)).rejects.toThrow(
        new BackupError(
          `The backup folder ${dir} is open to every user of this machine (mode 0${mode.toString(8)}), and backups hold every member's data: run chmod 700 ${dir} (or point BACKUP_DIR at a folder of the server's user alone)`,
        ),
      );
      expect(readdirSync(dir)).toEqual([]);
    }
  });

  it("a folder of the user and its group (0750) is the operator's choice: accepted", () => {
    const dir = path.join(scratch, 'group');
    mkdirSync(dir);
    chmodSync(dir, 0o750);
    expect(() => backupFolder(dir)).not.toThrow();
  });

  it('a file where the folder should be is named', () => {
    const file = path.join(scratch, 'a-file');
    writeFileSync(file, '');
    expect(() => backupFolder(file)).toThrow(BackupError);
  });

  it('npm run backup says so and exits 1, with BACKUP_DIR from the env file', async () => {
    const dir = path.join(scratch, 'world');
    mkdirSync(dir);
    chmodSync(dir, 0o755);
    const envFile = path.join(scratch, 'env');
    writeFileSync(envFile, `NODE_ENV=test\nDATA_DIR=${path.join(scratch, 'no-data')}\nBACKUP_DIR=${dir}\n`);
    const r = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts'], {
        cwd: root,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, ENV_FILE: envFile },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
      child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(`The backup folder ${dir} is open to every user of this machine (mode 0755)`);
  });
});
