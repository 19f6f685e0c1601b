/**
 * Backups that restore (docs/decisions/0038-backups.md):
 * - embedded database: PGlite's data directory as a gzipped tar (`dumpDataDir`), taken by the
 *   running server when there is one (the CLI asks it over the control route, decision 0001),
 *   else by opening the directory here;
 * - PostgreSQL: `pg_dump --format=custom`, restored with `pg_restore`.
 * Restoring needs an empty target (an empty data directory, or a database without tables).
 */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { controlFile } from './database';
import { collectGarbage, openPglite } from './db/client';
import type { AppConfig } from './env';

export type BackupKind = 'embedded' | 'postgres';

export class BackupError extends Error {}

/** `speedfriendship-embedded-2026-11-27T03-40-12Z.tar.gz` or `speedfriendship-postgres-….dump`. */
export function backupFileName(kind: BackupKind, now = new Date()) {
  const stamp = now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
  return `speedfriendship-${kind}-${stamp}.${kind === 'embedded' ? 'tar.gz' : 'dump'}`;
}

/** What a backup file holds, from its first bytes: gzip (embedded) or pg_dump's custom format. */
export function backupKindOf(file: string): BackupKind {
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  throw new BackupError(`${file} is not a Speed Friendship backup (neither an embedded database archive nor a pg_dump file)`);
}

export const embeddedDir = (config: Pick<AppConfig, 'dataDir'>) => path.join(config.dataDir, 'pglite');

/** The running server that holds the embedded database, if any (decision 0001's control file). */
export function runningServer(config: Pick<AppConfig, 'dataDir'>): { pid: number; port: number; token: string } | null {
  const file = controlFile(config as AppConfig);
  if (!existsSync(file)) return null;
  try {
    const info = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; port: number; token: string };
    process.kill(info.pid, 0);
    return info;
  } catch {
    return null;
  }
}

/** Connection settings for pg_dump/pg_restore: the URL without its password, which goes in PGPASSWORD (not on a command line others can read). */
function pgTarget(url: string) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { dbname: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (err) => reject(new BackupError(`${cmd} could not be started (${err.message}); is the PostgreSQL client installed?`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${cmd} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** Write to `file.partial`, then rename: a backup file that exists is complete. */
async function atomically(file: string, write: (tmp: string) => Promise<void>) {
  const tmp = `${file}.partial`;
  try {
    await write(tmp);
    // The server user's alone, whatever wrote it (pg_dump follows the umask): issue 33.
    chmodSync(tmp, 0o600);
    renameSync(tmp, file);
  } catch (err) {
    rmSync(tmp, { force: true });
    throw err;
  }
}

/** The embedded database as a gzipped tar: from the running server if there is one, else opened here. */
async function dumpEmbedded(config: AppConfig): Promise<Buffer> {
  const server = runningServer(config);
  if (server) {
    const res = await fetch(`http://127.0.0.1:${server.port}/api/internal/backup`, { method: 'POST', headers: { 'x-control-token': server.token } });
    if (!res.ok) throw new BackupError(`The running server answered ${res.status} to the backup request`);
    return Buffer.from(await res.arrayBuffer());
  }
  const dir = embeddedDir(config);
  if (!existsSync(dir) || readdirSync(dir).length === 0) throw new BackupError(`No embedded database in ${dir}: nothing to back up`);
  const database = await openPglite(dir);
  try {
    return Buffer.from(await (await database.dump!()).arrayBuffer());
  } finally {
    await database.close();
  }
}

/**
 * The backup folder: made for this user alone (mode 0700) when missing; one that other users of the
 * machine can open is refused, since a backup holds every member's data (docs/decisions/0089).
 */
export function backupFolder(dir: string) {
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new BackupError(
      `The backup folder ${dir} cannot be made (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}): make it for the server's user, mode 0700`,
      { cause: err },
    );
  }
  const st = statSync(dir);
  if (!st.isDirectory()) throw new BackupError(`BACKUP_DIR ${dir} is not a folder`);
  const mode = st.mode & 0o777;
  if (mode & 0o007) {
    throw new BackupError(
      `The backup folder ${dir} is open to every user of this machine (mode ${mode.toString(8).padStart(4, '0')}), and backups hold every member's data: run chmod 700 ${dir} (or point BACKUP_DIR at a folder of the server's user alone)`,
    );
  }
}

/** Back up the configured database into `dir`; returns the file written. */
export async function backup(config: AppConfig, dir: string, now = new Date()): Promise<string> {
  backupFolder(dir);
  const kind: BackupKind = config.databaseUrl ? 'postgres' : 'embedded';
  const file = path.resolve(dir, backupFileName(kind, now));
  if (existsSync(file)) throw new BackupError(`${file} already exists`);
  await atomically(file, async (tmp) => {
    if (config.databaseUrl) {
      const target = pgTarget(config.databaseUrl);
      // One snapshot (pg_dump runs in one repeatable-read transaction): consistent while instances write.
      await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${tmp}`, `--dbname=${target.dbname}`], target.env);
    } else {
      writeFileSync(tmp, await dumpEmbedded(config), { mode: 0o600 });
    }
  });
  return file;
}

/** Tables outside PostgreSQL's own schemas: a database to restore into must have none. */
async function tableCount(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_schema NOT LIKE 'pg_toast%'`,
    );
    return r.rows[0]!.n;
  } finally {
    await client.end();
  }
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A role name as `pg_restore --role` and SQL take it: what createuser makes, nothing to quote around. */
const ROLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** Before a restore with an owner: the role exists, and whoever restores may act as it. */
async function checkOwner(url: string, owner: string) {
  if (!ROLE_NAME.test(owner)) throw new BackupError(`--owner ${JSON.stringify(owner)} is not a role name (letters, digits and _)`);
  await withClient(url, async (c) => {
    const r = await c.query<{ exists: boolean; member: boolean | null; me: string }>(
      `SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AS exists,
              CASE WHEN EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) THEN pg_has_role(current_user, $1, 'MEMBER') END AS member,
              current_user AS me`,
      [owner],
    );
    const { exists, member, me } = r.rows[0]!;
    if (!exists) throw new BackupError(`There is no role ${owner} on this PostgreSQL server: create it first (createuser --pwprompt ${owner})`);
    if (!member) throw new BackupError(`${me} may not act as ${owner}: run the restore as a superuser (e.g. postgres) or a member of ${owner}`);
  });
}

/**
 * The owner is made the database's owner (as `createdb -O` does), so that it may create the tables
 * now and in later migrations (PostgreSQL 15 gives CREATE on schema public to the database's owner only).
 */
async function giveDatabase(url: string, owner: string) {
  await withClient(url, async (c) => {
    const db = (await c.query<{ db: string }>(`SELECT current_database() AS db`)).rows[0]!.db;
    try {
      await c.query(`ALTER DATABASE ${c.escapeIdentifier(db)} OWNER TO ${c.escapeIdentifier(owner)}`);
    } catch (err) {
      throw new BackupError(`The database ${db} could not be given to ${owner} (${(err as Error).message}): run the restore as a superuser (e.g. postgres)`, {
        cause: err,
      });
    }
  });
}

/** Who owns what the restore made: the roles owning tables, sequences, views, types and schemas outside PostgreSQL's own. */
export async function ownersOf(url: string): Promise<Map<string, string[]>> {
  return withClient(url, async (c) => {
    const r = await c.query<{ owner: string; object: string }>(
      `SELECT pg_get_userbyid(c.relowner) AS owner, n.nspname || '.' || c.relname AS object
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'p', 'S', 'v', 'm', 'f') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
       UNION ALL
       SELECT pg_get_userbyid(t.typowner), n.nspname || '.' || t.typname
         FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
        WHERE t.typtype IN ('e', 'd', 'c', 'r', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
          AND NOT EXISTS (SELECT 1 FROM pg_class c WHERE c.oid = t.typrelid AND c.relkind <> 'c')
       UNION ALL
       SELECT pg_get_userbyid(n.nspowner), n.nspname
         FROM pg_namespace n
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'public') AND n.nspname NOT LIKE 'pg\\_%'`,
    );
    const owners = new Map<string, string[]>();
    for (const { owner, object } of r.rows) owners.set(owner, [...(owners.get(owner) ?? []), object]);
    return owners;
  });
}

/** The role a restore runs as, and whether it is a superuser (whose tables an app role could not use). */
export async function restoringRole(url: string): Promise<{ role: string; superuser: boolean }> {
  return withClient(url, async (c) => {
    const r = await c.query<{ role: string; superuser: boolean }>(
      `SELECT current_user AS role, rolsuper AS superuser FROM pg_roles WHERE rolname = current_user`,
    );
    return r.rows[0]!;
  });
}

export interface RestoreOptions {
  /**
   * PostgreSQL only: the role that owns everything restored (the role the app connects as), and the
   * database itself; without it, whoever runs the restore owns it all (docs/decisions/0089).
   */
  owner?: string | undefined;
}

/** Restore `file` into the configured database, which must be empty. */
export async function restore(config: AppConfig, file: string, opts: RestoreOptions = {}): Promise<{ kind: BackupKind; target: string; owner?: string }> {
  const kind = backupKindOf(file);
  if (kind === 'embedded') {
    if (config.databaseUrl) throw new BackupError(`${file} is a backup of the embedded database: unset DATABASE_URL and set DATA_DIR to restore it`);
    if (opts.owner)
      throw new BackupError(`--owner is for PostgreSQL backups; ${file} is a backup of the embedded database, whose files belong to the user restoring it`);
    const dir = embeddedDir(config);
    if (runningServer(config)) throw new BackupError(`A server is running on ${config.dataDir}: stop it, and restore into an empty data directory`);
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      throw new BackupError(`${dir} is not empty: restore needs an empty data directory (set DATA_DIR to a new directory, or move this one away first)`);
    }
    const database = await openPglite(dir, { loadDataDir: new Blob([readFileSync(file)]) });
    try {
      // Opening it replays what the copy needs; a query proves it is readable.
      await database.ping();
    } finally {
      await database.close();
      collectGarbage();
    }
    return { kind, target: dir };
  }
  if (!config.databaseUrl) throw new BackupError(`${file} is a PostgreSQL backup: set DATABASE_URL to the (empty) database to restore it into`);
  if (opts.owner) await checkOwner(config.databaseUrl, opts.owner);
  const tables = await tableCount(config.databaseUrl);
  if (tables > 0) throw new BackupError(`The database in DATABASE_URL is not empty (${tables} tables): restore needs an empty database (createdb a new one)`);
  if (opts.owner) await giveDatabase(config.databaseUrl, opts.owner);
  const target = pgTarget(config.databaseUrl);
  // --role: pg_restore runs SET ROLE first, so everything it creates belongs to the owner (with
  // --no-owner, objects belong to whoever creates them).
  const role = opts.owner ? [`--role=${opts.owner}`] : [];
  await run('pg_restore', ['--no-owner', '--no-privileges', ...role, '--exit-on-error', '--single-transaction', `--dbname=${target.dbname}`, file], target.env);
  const name = new URL(target.dbname).pathname.slice(1);
  if (!opts.owner) return { kind, target: name };
  const others = [...(await ownersOf(config.databaseUrl))].filter(([owner]) => owner !== opts.owner);
  if (others.length) {
    throw new BackupError(
      `Restored, but not everything belongs to ${opts.owner}: ${others.map(([o, objects]) => `${o} owns ${objects.slice(0, 5).join(', ')}`).join('; ')}`,
    );
  }
  return { kind, target: name, owner: opts.owner };
}
