import type { ControlCommand } from '@shared/schemas/control';
import type { Db } from './db/client';
import { loadDemoData } from './demo/seed';
import { adminLoginLink } from './modules/auth/service';
import { grantRole, revokeRole } from './modules/users/service';

/** What `login-link` needs besides the database: the settings, and the key login codes are hashed with (the server's own when it runs the command). */
export interface ControlContext {
  adminEmails: string[];
  publicUrl: string;
  loginCodeSecret: Buffer;
  now?: Date;
}

/** One place that carries out an admin command, whether the CLI holds the database or the server does. */
export async function runControlCommand(db: Db, cmd: ControlCommand, context?: ControlContext) {
  switch (cmd.command) {
    case 'grant':
      return grantRole(db, cmd.email, cmd.role);
    case 'revoke':
      return revokeRole(db, cmd.email, cmd.role);
    case 'seed':
      return loadDemoData(db);
    case 'login-link':
      if (!context) throw new Error('login-link needs the settings and the login-code key');
      return adminLoginLink(db, cmd.email, {
        adminEmails: context.adminEmails,
        publicUrl: context.publicUrl,
        secret: context.loginCodeSecret,
        now: context.now,
      });
  }
}
