import { EnvError, loadConfig } from '../env';
import { execute } from './control-client';

/** npm run seed: load the demo data into the configured database (PostgreSQL or embedded). */
execute(loadConfig(), { command: 'seed' })
  .then((result) => console.log(JSON.stringify(result)))
  .catch((err) => {
    console.error(err instanceof EnvError ? err.message : `Error: ${(err as Error).message}`);
    process.exit(1);
  });
