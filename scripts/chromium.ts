import { existsSync } from 'node:fs';

/**
 * The Chromium the journeys drive, from Debian's packages (nothing is downloaded): CHROMIUM_PATH
 * when set, else the headless shell (`chromium-headless-shell`: the same engine without the
 * browser's own UI, a fifth less CPU per journey), else `chromium` (docs/decisions/0060).
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium';

/**
 * The flags every launch of it takes, in the journeys and the bench alike: no sandbox (a container's
 * root), no GPU, and none of the browser's own traffic (updates, sync, QUIC) beside the app's.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
