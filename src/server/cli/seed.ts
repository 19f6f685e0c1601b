import { EnvError } from '../env';
import { execute } from './control-client';
import { commandConfig, EnvFileError } from './env-file';

/** npm run seed: load the demo data into the configured database (PostgreSQL or embedded); ENV_FILE names a settings file to read first. */
async function main() {
  console.log(JSON.stringify(await execute(commandConfig(), { command: 'seed' })));
}

main().catch((err) => {
  console.error(err instanceof EnvError || err instanceof EnvFileError ? err.message : `Error: ${(err as Error).message}`);
  process.exit(1);
});
