import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ControlCommand } from '@shared/schemas/control';
import { runControlCommand, type ControlContext } from '../control';
import { controlFile, openConfiguredDatabase } from '../database';
import type { AppConfig } from '../env';
import { loginCodeSecret } from '../plugins/auth';

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The key the server hashes login codes with (plugins/auth.ts): LOGIN_CODE_SECRET, or the file the
 * server made in DATA_DIR, only read here: a command run as another user must not make a key the
 * server cannot read.
 */
export function existingLoginCodeSecret(config: AppConfig): Buffer {
  if (config.loginCodeSecret || config.env === 'test') return loginCodeSecret(config);
  const file = path.join(config.dataDir, 'login-code.key');
  let key: string;
  try {
    key = readFileSync(file, 'utf8').trim();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'ENOENT'
        ? `No login-code key in ${file}: start the server once with these settings (it makes the key), or set LOGIN_CODE_SECRET, then try again`
        : `${file} cannot be read (${code}): run the command as the server's user (e.g. sudo -u speedfriendship) with the server's settings (ENV_FILE)`,
      { cause: err },
    );
  }
  if (key.length < 32) throw new Error(`${file} holds no usable key`);
  return Buffer.from(key);
}

const contextOf = (config: AppConfig, cmd: ControlCommand): ControlContext | undefined =>
  cmd.command === 'login-link' ? { adminEmails: config.adminEmails, publicUrl: config.publicUrl, loginCodeSecret: existingLoginCodeSecret(config) } : undefined;

/**
 * Runs a command against the database. The embedded database allows one process, so when a
 * server already holds it the command goes to that server's control route instead.
 */
export async function execute(config: AppConfig, cmd: ControlCommand): Promise<unknown> {
  if (!config.databaseUrl && existsSync(controlFile(config))) {
    const info = JSON.parse(readFileSync(controlFile(config), 'utf8')) as { pid: number; port: number; token: string };
    if (isAlive(info.pid)) {
      const res = await fetch(`http://127.0.0.1:${info.port}/api/internal/control`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-control-token': info.token },
        body: JSON.stringify(cmd),
      });
      const body = (await res.json()) as { message?: string };
      if (!res.ok) throw new Error(body.message ?? `The running server answered ${res.status}`);
      return body;
    }
  }
  const context = contextOf(config, cmd);
  const { database } = await openConfiguredDatabase(config);
  try {
    return await runControlCommand(database.db, cmd, context);
  } finally {
    await database.close();
  }
}
