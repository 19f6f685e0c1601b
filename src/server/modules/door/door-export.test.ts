import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { londonDay, londonInstant } from '@shared/domain/time';
import { users } from '../../db/schema/index';
import { clock, t, host, admin, evening, codeOf, scan, search, undo, exportCsv, registerDoorFixtures, type Member } from './door.fixtures';

registerDoorFixtures();

/** RFC 4180 reader (quoted fields, doubled quotes, CRLF records), to read the export back. */
/** A cell as the export writes it: one that a spreadsheet would run as a formula (a ticket code may begin with '-') gets a leading quote. */
const asCsvCell = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let rec: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    rec.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(rec);
      rec = [];
      i++;
    } else field += c;
  }
  if (field || rec.length) {
    endField();
    rows.push(rec);
  }
  return rows;
}

describe('GET /api/events/:id/attendance.csv', () => {
  it('a CSV download: one row per guest by name, London times, quoting right and no formulas', async () => {
    const { event, guests } = await evening(4, { names: ['Tricky Name', 'Adam Early', 'Ben Late', 'Cleo Tab'] });
    const [tricky, early, late, tab] = guests as [Member, Member, Member, Member];
    const evil = '=HYPERLINK("x"), "Jr"\nSecond line';
    await t.db.update(users).set({ name: evil }).where(eq(users.id, tricky.user.id));
    await t.db.update(users).set({ name: '\tCleo\nTab' }).where(eq(users.id, tab.user.id));
    await t.db.update(users).set({ name: '@SUM(A1)' }).where(eq(users.id, late.user.id));

    // Checked in at 18:30 and 18:47 London time, the evening's own day.
    const day = londonDay(new Date(event.date));
    clock.fixed = londonInstant(day, '18:30');
    expect((await scan(event.id, `SFTICKET:${await codeOf(event.id, tricky.user.id)}`, host.cookie)).statusCode).toBe(200);
    clock.fixed = londonInstant(day, '18:47');
    expect((await search(event.id, early.user.id, host.cookie)).statusCode).toBe(200);

    const res = await exportCsv(event.id, host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="attendance-${event.id}.csv"`);
    const text = res.body;
    expect(text.startsWith('\uFEFFName,Ticket code,Checked in,Time,How\r\n')).toBe(true);
    // What the door needs, never contact details: e-mail goes only to the person, admins and matches (/privacy, issue 33).
    for (const g of guests) expect(text).not.toContain(g.user.email);
    const code = async (m: Member) => asCsvCell(await codeOf(event.id, m.user.id));
    // The exact record: quoted (comma, quotes, newline), quotes doubled, and the formula defused.
    expect(text).toContain(`"'=HYPERLINK(""x""), ""Jr""\nSecond line",${await code(tricky)},yes,${day} 18:30,scan\r\n`);
    // A line break alone is quoted too (with CRLF between records the library would not by itself).
    expect(text).toContain(`\r\n"'\tCleo\nTab",${await code(tab)},`);

    const [header, ...records] = parseCsv(text.slice(1));
    expect(header).toEqual(['Name', 'Ticket code', 'Checked in', 'Time', 'How']);
    // By name as en-GB sorts it (punctuation before letters), the same on every database.
    expect(records).toEqual([
      ["'\tCleo\nTab", await code(tab), 'no', '', ''],
      ["'@SUM(A1)", await code(late), 'no', '', ''],
      ['\'=HYPERLINK("x"), "Jr"\nSecond line', await code(tricky), 'yes', `${day} 18:30`, 'scan'],
      ['Adam Early', await code(early), 'yes', `${day} 18:47`, 'search'],
    ]);
  });

  it('after an undo the guest shows as not checked in; an empty evening has the header only', async () => {
    const { event, guests } = await evening(1, { names: ['Una Undone'] });
    await search(event.id, guests[0]!.user.id, host.cookie);
    await undo(event.id, guests[0]!.user.id, host.cookie);
    const rows = parseCsv((await exportCsv(event.id, admin.cookie)).body.slice(1));
    expect(rows[1]).toEqual(['Una Undone', asCsvCell(await codeOf(event.id, guests[0]!.user.id)), 'no', '', '']);
    const empty = await evening(0);
    expect((await exportCsv(empty.event.id, host.cookie)).body).toBe('\uFEFFName,Ticket code,Checked in,Time,How\r\n');
  });
});
