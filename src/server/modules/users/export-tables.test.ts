import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EXPORT_SECTIONS, t, rowsOf, userColumns, registerExportFixtures } from './export.fixtures';

registerExportFixtures();

describe('every table with a user column has a place in the export', () => {
  it('the map names each such table, and only tables that exist', async () => {
    const found = await userColumns();
    const missing = [...found.keys()].filter((table) => !(table in EXPORT_SECTIONS));
    expect(
      missing,
      `These tables have a column pointing at a member but no entry in EXPORT_SECTIONS (src/server/modules/users/export.fixtures.ts): ${missing.join(', ')}. ` +
        `Add what they hold about the person to exportUser (modules/users/service.ts) and the userExport schema (shared/schemas/users.ts), and name the section here; ` +
        `or mark the table { notExported: 'the reason' } if it holds nothing about the person (docs/decisions/0043).`,
    ).toEqual([]);
    const tables = new Set(
      rowsOf<{ name: string }>(await t.db.execute(sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`)).map(
        (r) => r.name,
      ),
    );
    expect(
      Object.keys(EXPORT_SECTIONS).filter((table) => !tables.has(table)),
      'EXPORT_SECTIONS names tables that no longer exist',
    ).toEqual([]);
  });
});
