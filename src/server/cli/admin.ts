import { controlCommand } from '@shared/schemas/control';
import { EnvError } from '../env';
import type { AdminLoginLink } from '../modules/auth/service';
import { execute } from './control-client';
import { commandConfig, EnvFileError } from './env-file';

const USAGE = `Usage:
  npm run admin -- grant EMAIL ROLE     give a member the host or admin role
  npm run admin -- revoke EMAIL ROLE    take it away
  npm run admin -- login-link EMAIL     print a one-time sign-in link for an admin (no mail needed)
ROLE is host or admin. ENV_FILE=/etc/speed-friendship/env reads the server's settings file first.`;

/** The words printed for a login link: the link, and the code alone for a phone that cannot open it. */
function describeLoginLink(l: AdminLoginLink) {
  const until = new Date(l.expiresAt).toISOString().slice(11, 16);
  return [
    `One-time sign-in link for ${l.email} (works once, until ${until} UTC):`,
    '',
    `  ${l.link}`,
    '',
    `Or open the log-in page, enter ${l.email} and the code ${l.code}.`,
    ...(l.newAccount ? ['There is no account for this address yet: after the code, the page asks a first name and age and makes it, an admin.'] : []),
  ].join('\n');
}

async function main() {
  const [command, email, role, ...rest] = process.argv.slice(2);
  const parsed = controlCommand.safeParse(command === 'login-link' ? { command, email } : { command, email, role });
  const extra = command === 'login-link' ? role !== undefined || rest.length > 0 : rest.length > 0;
  if (!parsed.success || extra || !['grant', 'revoke', 'login-link'].includes(command ?? '')) {
    console.error(parsed.success ? USAGE : `${parsed.error.issues.map((i) => `${i.path.join('.') || 'command'}: ${i.message}`).join('\n')}\n\n${USAGE}`);
    process.exit(2);
  }
  const result = await execute(commandConfig(), parsed.data);
  console.log(parsed.data.command === 'login-link' ? describeLoginLink(result as AdminLoginLink) : JSON.stringify(result));
}

main().catch((err) => {
  console.error(err instanceof EnvError || err instanceof EnvFileError ? err.message : `Error: ${(err as Error).message}`);
  process.exit(1);
});
