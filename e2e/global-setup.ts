import { ensureBuilt } from '../scripts/processes';

/** Before any worker starts its server: build the client and the server once if they are missing or stale, as `npm start` does. */
export default function globalSetup() {
  ensureBuilt();
}
