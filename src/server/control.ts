import type { ControlCommand } from '@shared/schemas/control';
import type { Db } from './db/client';
import { loadDemoData } from './demo/seed';
import { grantRole, revokeRole } from './modules/users/service';

/** One place that carries out an admin command, whether the CLI holds the database or the server does. */
export async function runControlCommand(db: Db, cmd: ControlCommand) {
  switch (cmd.command) {
    case 'grant':
      return grantRole(db, cmd.email, cmd.role);
    case 'revoke':
      return revokeRole(db, cmd.email, cmd.role);
    case 'seed':
      return loadDemoData(db);
  }
}
