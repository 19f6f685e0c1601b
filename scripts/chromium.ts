import { existsSync } from 'node:fs';

/**
 * The Chromium the journeys drive, from Debian's packages (nothing is downloaded): CHROMIUM_PATH
 * when set, else the headless shell (`chromium-headless-shell`: the same engine without the
 * browser's own UI, a fifth less CPU per journey), else `chromium` (docs/decisions/0060).
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)) ?? '/usr/bin/chromium';
