import { BackupError, restore, restoringRole } from '../backup';
import { EnvError } from '../env';
import { commandConfig, EnvFileError } from './env-file';

const USAGE = `Usage: npm run restore -- FILE [--owner ROLE]
Restores a file written by npm run backup into an empty data directory (DATA_DIR) or, for a
PostgreSQL backup, into the empty database in DATABASE_URL. --owner ROLE (PostgreSQL): the role
the app connects as owns the database and everything restored into it, whoever runs the restore.
ENV_FILE=/etc/speed-friendship/env reads the server's settings file first.`;

/** FILE, and --owner ROLE or --owner=ROLE; null when the arguments are not that. */
function restoreArgs(argv: string[]): { file: string; owner: string | undefined } | null {
  let file: string | undefined;
  let owner: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--owner') {
      if (owner !== undefined || !argv[i + 1]) return null;
      owner = argv[++i];
    } else if (arg.startsWith('--owner=')) {
      if (owner !== undefined || arg.length === '--owner='.length) return null;
      owner = arg.slice('--owner='.length);
    } else if (arg.startsWith('-') || file !== undefined) {
      return null;
    } else {
      file = arg;
    }
  }
  return file ? { file, owner } : null;
}

async function main() {
  const args = restoreArgs(process.argv.slice(2));
  if (!args) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = commandConfig();
  const { kind, target, owner } = await restore(config, args.file, { owner: args.owner });
  if (kind === 'embedded') {
    console.log(`Restored ${args.file} into ${target}`);
    return;
  }
  if (owner) {
    console.log(`Restored ${args.file} into the database ${target}, owned with everything in it by ${owner}`);
    return;
  }
  const me = await restoringRole(config.databaseUrl!);
  console.log(`Restored ${args.file} into the database ${target}, owned by ${me.role}`);
  if (me.superuser) {
    console.error(
      `Note: ${me.role} is a superuser, so its tables are of no use to an app that connects as another role ("permission denied"). ` +
        `Restore into a new empty database with --owner ROLE (the role in the app's DATABASE_URL) instead.`,
    );
  }
}

main().catch((err) => {
  console.error(err instanceof EnvError || err instanceof BackupError || err instanceof EnvFileError ? err.message : `Error: ${(err as Error).message}`);
  process.exit(1);
});
