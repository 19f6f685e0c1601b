import { BackupError, restore } from '../backup';
import { EnvError, loadConfig } from '../env';

const USAGE = `Usage: npm run restore -- FILE
Restores a file written by npm run backup into an empty data directory (DATA_DIR) or, for a
PostgreSQL backup, into the empty database in DATABASE_URL.`;

async function main() {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length) {
    console.error(USAGE);
    process.exit(2);
  }
  const config = loadConfig();
  const { kind, target } = await restore(config, file);
  console.log(`Restored ${file} into ${kind === 'embedded' ? target : `the database ${target}`}`);
}

main().catch((err) => {
  console.error(err instanceof EnvError || err instanceof BackupError ? err.message : `Error: ${(err as Error).message}`);
  process.exit(1);
});
