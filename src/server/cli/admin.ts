import { controlCommand } from '@shared/schemas/control';
import { EnvError, loadConfig } from '../env';
import { execute } from './control-client';

const USAGE = `Usage:
  npm run admin -- grant EMAIL ROLE     give a member the host or admin role
  npm run admin -- revoke EMAIL ROLE    take it away
ROLE is host or admin.`;

async function main() {
  const [command, email, role] = process.argv.slice(2);
  const parsed = controlCommand.safeParse({ command, email, role });
  if (!parsed.success || (command !== 'grant' && command !== 'revoke')) {
    console.error(parsed.success ? USAGE : `${parsed.error.issues.map((i) => `${i.path.join('.') || 'command'}: ${i.message}`).join('\n')}\n\n${USAGE}`);
    process.exit(2);
  }
  const result = await execute(loadConfig(), parsed.data);
  console.log(JSON.stringify(result));
}

main().catch((err) => {
  console.error(err instanceof EnvError ? err.message : `Error: ${(err as Error).message}`);
  process.exit(1);
});
