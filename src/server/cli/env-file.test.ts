import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../env';
import { commandEnvironment, EnvFileError, readEnvFile } from './env-file';

/**
 * The settings file is read by systemd (EnvironmentFile=), by a shell (`set -a; . FILE; set +a`,
 * for cron lines and by hand) and by the maintenance commands (ENV_FILE): all three must read the
 * same values (docs/decisions/0089-one-env-file-for-the-server-and-its-commands.md).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'sf-env-file-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let files = 0;
const write = (text: string) => {
  const file = path.join(scratch, `env-${++files}`);
  writeFileSync(file, text);
  return file;
};

/** What a POSIX shell's `set -a; . FILE; set +a` gives each of `names` (empty environment, /bin/sh). */
function fromShell(file: string, names: string[]): Record<string, string> {
  const script = `set -a; . "$1"; set +a; for n in ${names.join(' ')}; do eval "v=\\$$n"; printf '%s\\0' "$v"; done`;
  const r = spawnSync('/bin/sh', ['-c', script, 'sh', file], { env: {}, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).toBe('');
  const values = r.stdout.split('\0').slice(0, -1);
  return Object.fromEntries(names.map((n, i) => [n, values[i]!]));
}

/**
 * What systemd's own parser of environment files (the one EnvironmentFile= uses, load_env_file)
 * makes of FILE: through the environment.d generator, which prints what it read, shell-quoted
 * (it drops empty values, which EnvironmentFile= keeps: the files compared have none).
 * Null where systemd is not installed.
 */
const GENERATOR = '/usr/lib/systemd/user-environment-generators/30-systemd-environment-d-generator';
function fromSystemd(file: string, names: string[]): Record<string, string> | null {
  if (!existsSync(GENERATOR)) return null;
  const home = mkdtempSync(path.join(scratch, 'xdg-'));
  mkdirSync(path.join(home, 'environment.d'));
  copyFileSync(file, path.join(home, 'environment.d', 'speed-friendship.conf'));
  const r = spawnSync(GENERATOR, [], { env: { XDG_CONFIG_HOME: home }, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const printed = path.join(home, 'printed');
  writeFileSync(printed, r.stdout);
  return fromShell(printed, names);
}

const example = readFileSync(path.join(root, 'deploy/speed-friendship.env.example'), 'utf8');

/** The example as an operator fills it in: a real password, a mail login, the Stripe keys switched on. */
const filled = example
  .replace(/^DATABASE_URL=.*$/m, 'DATABASE_URL="postgres://speedfriendship:Xk7%2Fp%40ss-w0rd@127.0.0.1:5432/speedfriendship"')
  .replace(/^SMTP_URL=.*$/m, 'SMTP_URL="smtps://hello%40friends.example.com:An0ther-S3cret@smtp.example.com:465"')
  .replace(/^MAIL_FROM=.*$/m, `MAIL_FROM="Speed Friendship (Leeds) <hello@friends.example.com>"`)
  .replace(/^ADMIN_EMAILS=.*$/m, 'ADMIN_EMAILS="ada@example.com, grace@example.com"')
  .replace(/^#STRIPE_SECRET_KEY=.*$/m, 'STRIPE_SECRET_KEY=sk_live_51Habc123')
  .replace(/^#STRIPE_PUBLISHABLE_KEY=.*$/m, 'STRIPE_PUBLISHABLE_KEY=pk_live_51Habc123')
  .replace(/^#STRIPE_WEBHOOK_SECRET=.*$/m, 'STRIPE_WEBHOOK_SECRET=whsec_abc123');

describe('the env file', () => {
  it('the example, filled in, reads the same from a shell as in our commands, and is a valid configuration', () => {
    const file = write(filled);
    const ours = readEnvFile(file);
    const names = Object.keys(ours);
    // Every setting the example makes is compared (the list grows with the file by itself).
    expect(names).toEqual(
      expect.arrayContaining(['NODE_ENV', 'DATABASE_URL', 'MAIL_FROM', 'SMTP_URL', 'ADMIN_EMAILS', 'DATA_DIR', 'BACKUP_DIR', 'STRIPE_SECRET_KEY']),
    );
    expect(fromShell(file, names)).toEqual(ours);
    const systemd = fromSystemd(file, names);
    if (systemd) expect(systemd).toEqual(ours);
    expect(ours.MAIL_FROM).toBe('Speed Friendship (Leeds) <hello@friends.example.com>');

    const config = loadConfig(ours);
    expect(config.mailFrom).toBe('Speed Friendship (Leeds) <hello@friends.example.com>');
    expect(config.databaseUrl).toBe('postgres://speedfriendship:Xk7%2Fp%40ss-w0rd@127.0.0.1:5432/speedfriendship');
    expect(config.adminEmails).toEqual(['ada@example.com', 'grace@example.com']);
    expect(config.stripe?.secretKey).toBe('sk_live_51Habc123');
  });

  it('the example as shipped is valid too (a shell reads it without an error)', () => {
    const file = write(example);
    const ours = readEnvFile(file);
    expect(fromShell(file, Object.keys(ours))).toEqual(ours);
    expect(ours.MAIL_FROM).toBe('Speed Friendship <hello@example.com>');
    expect(() => loadConfig(ours)).not.toThrow();
  });

  it('double quotes keep spaces, #, &, <, > and single quotes, alike in a shell and here', () => {
    const file = write(
      [
        '# a comment',
        '',
        'A="two  words # not a comment"',
        `B="it's <here> & there; (really) | ok"`,
        'C=plain-value_1.2:3/4@5%6+7,8=9',
        '  E="indented"  ',
      ].join('\n'),
    );
    const ours = readEnvFile(file);
    expect(ours).toEqual({ A: 'two  words # not a comment', B: `it's <here> & there; (really) | ok`, C: 'plain-value_1.2:3/4@5%6+7,8=9', E: 'indented' });
    expect(fromShell(file, Object.keys(ours))).toEqual(ours);
    const systemd = fromSystemd(file, Object.keys(ours));
    if (systemd) expect(systemd).toEqual(ours);
  });

  it.each([
    ['MAIL_FROM=Speed Friendship <hello@example.com>', 'the example before this fix'],
    ['PASSWORD=a$b', 'a shell expands $b'],
    ['PASSWORD="a$b"', 'a shell expands $b in double quotes too'],
    ['X="a\\"b"', 'backslash escapes differ between systemd, a shell and Node'],
    ['X="a`b`"', 'command substitution'],
    ["X='single'", 'single quotes: not read alike by every systemd'],
    ['X=a#b', 'Node ends an unquoted value at #'],
    ['export X=1', 'not NAME=value'],
    ['X = 1', 'spaces around ='],
    ['X=~/backups', 'a shell expands ~'],
  ])('refuses %s (%s), naming the line', (line) => {
    const file = write(`NODE_ENV=production\n${line}\n`);
    expect(() => readEnvFile(file)).toThrow(EnvFileError);
    expect(() => readEnvFile(file)).toThrow(`${file}:2: `);
  });

  it('Windows line ends are refused (a shell would keep the carriage return in every value)', () => {
    expect(() => readEnvFile(write('NODE_ENV=production\r\nHOST=127.0.0.1\r\n'))).toThrow(/has Windows line ends/);
  });

  it('a missing file is named', () => {
    expect(() => readEnvFile(path.join(scratch, 'nope'))).toThrow(/ENV_FILE .*nope cannot be read \(ENOENT\)/);
  });
});

describe('ENV_FILE for the maintenance commands', () => {
  it("reads the file under the command's own environment: a variable given on the command line wins", () => {
    const file = write('DATA_DIR=/var/lib/speed-friendship\nBACKUP_DIR=/var/lib/speed-friendship/backups\nLOG_LEVEL=info\n');
    expect(commandEnvironment({ ENV_FILE: file, BACKUP_DIR: '/mnt/elsewhere' })).toMatchObject({
      DATA_DIR: '/var/lib/speed-friendship',
      BACKUP_DIR: '/mnt/elsewhere',
      LOG_LEVEL: 'info',
    });
    const without = { DATA_DIR: '/x' };
    expect(commandEnvironment(without)).toBe(without);
  });

  it('npm run backup with ENV_FILE alone works on the settings of the file (here: its DATA_DIR, where there is no database yet)', async () => {
    const dataDir = path.join(scratch, 'data with space');
    const backupDir = path.join(scratch, 'backups');
    const file = write(`NODE_ENV=test\nDATA_DIR="${dataDir}"\nBACKUP_DIR=${backupDir}\n`);
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, ENV_FILE: file };
    const r = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      child.on('exit', (code) => resolve({ code, stderr }));
    });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(`No embedded database in ${path.join(dataDir, 'pglite')}: nothing to back up`);
  });
});
