import { existsSync, readFileSync } from 'node:fs';
import type { ControlCommand } from '@shared/schemas/control';
import { runControlCommand } from '../control';
import { controlFile, openConfiguredDatabase } from '../database';
import type { AppConfig } from '../env';

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

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
  const { database } = await openConfiguredDatabase(config);
  try {
    return await runControlCommand(database.db, cmd);
  } finally {
    await database.close();
  }
}
