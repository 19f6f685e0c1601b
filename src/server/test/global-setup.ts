/**
 * Vitest global setup: migrate one database once, so each test file only clones it.
 *
 * - Without DATABASE_URL: one in-memory PGlite, migrated, dumped to a tar file in the
 *   temp directory. Each test file loads that dump (under a second) instead of creating
 *   and migrating a fresh PGlite (3-7 s).
 * - With DATABASE_URL (a PostgreSQL server): a template database, migrated once. Each test
 *   app gets its own `CREATE DATABASE … TEMPLATE …`, dropped when it closes; whatever is
 *   left over is dropped here at the end.
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../db/client';

export type TestDatabaseInfo =
  | { kind: 'pglite'; templateFile: string }
  | {
      kind: 'postgres';
      /** A database on the server to run CREATE/DROP DATABASE from (the one in DATABASE_URL). */
      adminUrl: string;
      template: string;
      /** Every per-test database name starts with this, so teardown can find leftovers. */
      prefix: string;
    };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

export function databaseUrl(base: string, name: string) {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function setupPglite(project: TestProject) {
  const database = await openPglite(null);
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    const templateFile = path.join(os.tmpdir(), `sf-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
    writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
    project.provide('testDatabase', { kind: 'pglite', templateFile });
    return () => rmSync(templateFile, { force: true });
  } finally {
    await database.close();
  }
}

async function setupPostgres(project: TestProject, adminUrl: string) {
  const run = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const template = `sf_tpl_${run}`;
  const prefix = `sf_t_${run}_`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE "${template}"`));
  const database = openPostgres(databaseUrl(adminUrl, template), { max: 1 });
  try {
    await database.migrate();
  } finally {
    // No connection may stay open on a template while databases are created from it.
    await database.close();
  }
  project.provide('testDatabase', { kind: 'postgres', adminUrl, template, prefix });
  return async () => {
    await withAdmin(adminUrl, async (c) => {
      const { rows } = await c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2', [`${prefix}%`, template]);
      for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    });
  };
}

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  return url ? setupPostgres(project, url) : setupPglite(project);
}
