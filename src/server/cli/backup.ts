import { backup, BackupError } from '../backup';
import { EnvError } from '../env';
import { commandConfig, EnvFileError } from './env-file';

/**
 * npm run backup: the configured database (embedded in DATA_DIR, or PostgreSQL with DATABASE_URL)
 * to a file named with the date and time in BACKUP_DIR (docs/decisions/0038-backups.md). Safe while
 * the server runs: the running server takes the embedded copy itself. With
 * ENV_FILE=/etc/speed-friendship/env, the server's own settings (docs/decisions/0089).
 */
async function main() {
  const config = commandConfig();
  const file = await backup(config, config.backupDir);
  console.log(file);
}

main().catch((err) => {
  console.error(err instanceof EnvError || err instanceof BackupError || err instanceof EnvFileError ? err.message : `Error: ${(err as Error).message}`);
  process.exit(1);
});
