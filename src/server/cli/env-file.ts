import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { loadConfig } from '../env';

/**
 * The settings file of a production install (/etc/speed-friendship/env, from
 * deploy/speed-friendship.env.example), read by the maintenance commands when ENV_FILE names it
 * (docs/decisions/0089-one-env-file-for-the-server-and-its-commands.md).
 *
 * One file is read by three parsers: systemd's EnvironmentFile= (the instances), a POSIX shell
 * (`set -a; . FILE; set +a`) and Node's own parser here (`util.parseEnv`, the rules of
 * `node --env-file`). They agree only on a common part of their syntax, so a file is accepted only
 * inside it, and anything else is refused with its line, not read differently by one of them:
 * - blank lines and lines starting with `#`;
 * - `NAME=value` with nothing around `=`, the value either plain (letters, digits and `@%+=:,./_-`)
 *   or in double quotes without `"`, `\`, `$` or a backquote inside (so spaces, `<`, `>`, `#`, `&`
 *   and `'` are fine there).
 */
export class EnvFileError extends Error {}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const PLAIN = /^[A-Za-z0-9@%+=:,./_-]*$/;
const QUOTED = /^"[^"\\$`]*"$/;

/** The variables `file` sets, as every reader of it sees them; an EnvFileError names the first line outside the common syntax. */
export function readEnvFile(file: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new EnvFileError(
      code === 'EACCES'
        ? `ENV_FILE ${file} is not readable by this user: run the command as the server's user (e.g. sudo -u speedfriendship)`
        : `ENV_FILE ${file} cannot be read (${code ?? (err as Error).message})`,
      { cause: err },
    );
  }
  // A shell keeps a carriage return in the value; systemd and Node drop it.
  if (text.includes('\r'))
    throw new EnvFileError(`ENV_FILE ${file} has Windows line ends (CR LF): save it with Unix line ends (e.g. sed -i 's/\\r$//' ${file})`);
  const names = new Set<string>();
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const where = `${file}:${i + 1}`;
    const eq = line.indexOf('=');
    const name = eq > 0 ? line.slice(0, eq) : '';
    if (!NAME.test(name)) throw new EnvFileError(`${where}: expected NAME=value (a name of letters, digits and _, then = with no space around it)`);
    const value = line.slice(eq + 1);
    if (!PLAIN.test(value) && !QUOTED.test(value)) {
      throw new EnvFileError(
        `${where}: ${name}'s value must be in double quotes (and hold no ", \\, $ or backquote), so that systemd, a shell and these commands read it alike`,
      );
    }
    names.add(name);
  });
  const parsed = parseEnv(text);
  return Object.fromEntries([...names].map((n) => [n, parsed[n] ?? '']));
}

/**
 * The environment a maintenance command runs with: with ENV_FILE set, that file's variables under
 * the command's own environment (a variable given on the command line wins, as with
 * `node --env-file`); without it, the environment as it is.
 */
export function commandEnvironment(source: Record<string, string | undefined> = process.env): Record<string, string | undefined> {
  const file = source.ENV_FILE;
  if (!file) return source;
  const fromFile = readEnvFile(file);
  const own = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined));
  return { ...fromFile, ...own };
}

/** The configuration a maintenance command runs with (commandEnvironment, validated as the server's). */
export const commandConfig = (source: Record<string, string | undefined> = process.env) => loadConfig(commandEnvironment(source));
