/**
 * Which release this instance runs (docs/decisions/0088-which-release-and-metrics-that-stay-bounded.md):
 * package.json's version, and the commit and build time that `npm run build` wrote to `release.json`
 * beside the built client (vite.config.ts asks git then, at build time; the running server never runs
 * git). An instance serving another client folder (CLIENT_DIR, a release folder) reports that build.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { releaseFile, type Release, type ReleaseFile } from '@shared/schemas/release';
import packageJson from '../../../package.json' with { type: 'json' };

/** The file the client build writes into its output folder (vite.config.ts, plugin `release-stamp`). */
export const RELEASE_FILE = 'release.json';

export interface ReleaseSources {
  /** The built client's folder (buildApp's clientDir), or null: release.json is read from it, once. */
  clientDir: string | null;
  /** RELEASE_COMMIT (env.ts): the commit when the build recorded none (a build outside a git checkout). */
  commit?: string | undefined;
  /** Told why an existing release.json was not used (unreadable, not JSON, not a release stamp). */
  warn?: (message: string) => void;
}

/**
 * `{ version, commit, builtAt }`: version from package.json; commit from release.json, else
 * RELEASE_COMMIT, else null; builtAt from release.json, else null. Never throws: a missing or broken
 * file makes the unknown parts null (and is reported through `warn` when it exists but is broken).
 */
export function currentRelease({ clientDir, commit, warn }: ReleaseSources): Release {
  const stamp = clientDir ? readStamp(path.join(clientDir, RELEASE_FILE), warn) : null;
  return {
    version: packageJson.version,
    commit: stamp?.commit ?? commit?.toLowerCase() ?? null,
    builtAt: stamp?.builtAt ?? null,
  };
}

function readStamp(file: string, warn: ReleaseSources['warn']): ReleaseFile | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') warn?.(`${file} could not be read (${(err as Error).message}): the release's commit is unknown`);
    return null;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    warn?.(`${file} is not JSON: the release's commit is unknown`);
    return null;
  }
  const parsed = releaseFile.safeParse(json);
  if (!parsed.success) {
    warn?.(`${file} is not a release stamp (${z.prettifyError(parsed.error).replace(/\n/g, ' ')}): the release's commit is unknown`);
    return null;
  }
  return parsed.data;
}
