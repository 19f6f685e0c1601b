/** iCalendar feeds: one per member (secret token in the URL) and one per venue. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyTicket,
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  registerFor,
  signUp,
  signUpHost,
  withCookie,
  type TestContext,
} from '../../test/harness';

let t: TestContext;
let host: Awaited<ReturnType<typeof signUpHost>>;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });

/** The VEVENT blocks of a calendar, each as its unfolded lines. */
function vevents(ics: string) {
  const unfolded = ics.replace(/\r\n /g, '');
  return [...unfolded.matchAll(/BEGIN:VEVENT\r\n([\s\S]*?)END:VEVENT/g)].map((m) => m[1]!.split('\r\n').filter(Boolean));
}
const uid = (id: number) => `UID:event-${id}@speedfriendship`;
const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');

async function memberFeedPath(cookie: string) {
  const res = await get('/api/me/calendar', cookie);
  expect(res.statusCode, res.body).toBe(200);
  const { url } = res.json<{ url: string }>();
  expect(url).toMatch(/^http:\/\/localhost:5000\/api\/calendar\/members\/[a-f0-9]{32}\.ics$/);
  return new URL(url).pathname;
}

describe('member calendar feed', () => {
  it('lists a VEVENT for each registered evening, and nothing else', async () => {
    const venue = await createVenue(t.app, host.cookie, { name: 'Feed Bar, Upstairs' });
    const free = await createEvent(t.app, host.cookie, eventBody(venue.id, { title: 'Free Feed Evening', price: 0, days: 3 }));
    const paid = await createEvent(t.app, host.cookie, eventBody(venue.id, { title: 'Paid Feed Evening', price: 1500, days: 4 }));
    const notMine = await createEvent(t.app, host.cookie, eventBody(venue.id, { title: 'Not Mine', price: 0, days: 5 }));
    const member = await signUp(t.app, { name: 'Cal Endar' });
    expect((await registerFor(t.app, free.id, member)).statusCode).toBe(201);
    await buyTicket(t.app, paid.id, member);

    const path = await memberFeedPath(member.cookie);
    // Calendar apps fetch without a session: the token is the key.
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const ics = res.body;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(ics).toContain('X-WR-CALNAME:Speed Friendship: Cal Endar');
    const items = vevents(ics);
    expect(items).toHaveLength(2);
    const byUid = new Map(items.map((lines) => [lines.find((l) => l.startsWith('UID:'))!, lines]));
    expect([...byUid.keys()].sort()).toEqual([uid(free.id), uid(paid.id)].sort());
    expect(byUid.get(uid(free.id))).toEqual(
      expect.arrayContaining([
        'SUMMARY:Free Feed Evening',
        `DTSTART:${stamp(free.date)}`,
        `DTEND:${stamp(free.endsAt)}`,
        'LOCATION:Feed Bar\\, Upstairs\\, 1 Test Street\\, Prestwich',
      ]),
    );
    expect(ics).not.toContain('Not Mine');
    expect(ics).not.toContain(uid(notMine.id));

    // Cancelling takes the evening off the feed.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/events/${free.id}/registration`, headers: withCookie(member.cookie) })).statusCode).toBe(200);
    expect(vevents((await get(path)).body).map((l) => l.find((x) => x.startsWith('UID:')))).toEqual([uid(paid.id)]);
  });

  it('each member has their own secret URL; a wrong token is 404, a malformed one 400, and the URL needs a session', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    const pathA = await memberFeedPath(a.cookie);
    const pathB = await memberFeedPath(b.cookie);
    expect(pathA).not.toBe(pathB);
    expect(await memberFeedPath(a.cookie)).toBe(pathA);

    const wrong = await get('/api/calendar/members/0123456789abcdef0123456789abcdef.ics');
    expect(wrong.statusCode).toBe(404);
    expect(wrong.body).not.toContain('BEGIN:VCALENDAR');
    expect((await get('/api/calendar/members/not-a-token.ics')).statusCode).toBe(400);
    expect((await get(pathA.replace('.ics', ''))).statusCode).toBe(400);
    expect((await get('/api/me/calendar')).statusCode).toBe(401);
  });
});

describe('venue calendar feed', () => {
  it("lists the venue's evenings, without guest data", async () => {
    const venue = await createVenue(t.app, host.cookie, { name: 'Feed Venue' });
    const other = await createVenue(t.app, host.cookie, { name: 'Elsewhere' });
    const one = await createEvent(t.app, host.cookie, eventBody(venue.id, { title: 'Venue Evening One', days: 3 }));
    const two = await createEvent(t.app, host.cookie, eventBody(venue.id, { title: 'Venue Evening Two', days: 6 }));
    await createEvent(t.app, host.cookie, eventBody(other.id, { title: 'Elsewhere Evening', days: 4 }));
    const guest = await signUp(t.app, { name: 'Private Guest' });
    await buyTicket(t.app, one.id, guest);

    expect(venue.calendarUrl).toBe(`http://localhost:5000/api/calendar/venues/${venue.id}.ics`);
    const res = await get(`/api/calendar/venues/${venue.id}.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.body).toContain('X-WR-CALNAME:Feed Venue: Speed Friendship');
    const items = vevents(res.body);
    expect(items.map((l) => l.find((x) => x.startsWith('UID:')))).toEqual([uid(one.id), uid(two.id)]);
    expect(items[1]).toContain('SUMMARY:Venue Evening Two');
    expect(res.body).not.toContain('Elsewhere Evening');
    expect(res.body).not.toContain('Private Guest');
    expect(res.body).not.toContain(guest.user.email);

    expect((await get('/api/calendar/venues/987654.ics')).statusCode).toBe(404);
    expect((await get('/api/calendar/venues/abc.ics')).statusCode).toBe(400);
  });
});

describe('one evening as an .ics file', () => {
  /** The raw answer's content lines, as bytes (the folding rule counts octets). */
  const rawLines = (payload: Buffer) => {
    const lines: Buffer[] = [];
    let from = 0;
    for (let i = payload.indexOf('\r\n'); i !== -1; i = payload.indexOf('\r\n', from)) {
      lines.push(payload.subarray(from, i));
      from = i + 2;
    }
    expect(from).toBe(payload.length); // every line, the last too, ends in CRLF
    return lines;
  };

  it('is served to anyone as a download, with a long UTF-8 title folded at 75 octets and never inside a character', async () => {
    const venue = await createVenue(t.app, host.cookie, { name: 'Café Zoë' });
    const title = 'Évening ☕ de rencontres 🎲 à Prestwich, où l’on se parle ✨ — ünd noch ein bisschen länger 🌙';
    const event = await createEvent(t.app, host.cookie, eventBody(venue.id, { title, days: 5 }));

    const res = await get(`/api/events/${event.id}/calendar.ics`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="speed-friendship-${event.id}.ics"`);

    const lines = rawLines(res.rawPayload);
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (const line of lines) {
      expect(line.length).toBeLessThanOrEqual(75);
      // A character split across two lines would make either half invalid UTF-8.
      expect(() => decoder.decode(line)).not.toThrow();
    }
    const summary = lines.map((l) => decoder.decode(l)).findIndex((l) => l.startsWith('SUMMARY:'));
    expect(lines[summary + 1]![0]).toBe(0x20); // the title did need folding
    const [item] = vevents(res.body);
    expect(item).toEqual(
      expect.arrayContaining([
        uid(event.id),
        `SUMMARY:${title.replace(/,/g, '\\,')}`,
        'LOCATION:Café Zoë\\, 1 Test Street\\, Prestwich',
        `DTSTART:${stamp(event.date)}`,
        `DTEND:${stamp(event.endsAt)}`,
        `URL:http://localhost:5000/events/${event.id}`,
      ]),
    );
    expect(item!.some((l) => /^DTSTAMP:\d{8}T\d{6}Z$/.test(l))).toBe(true);
  });

  it('escapes backslash, semicolon, comma and line breaks in text values', async () => {
    const venue = await createVenue(t.app, host.cookie, { name: 'The Bar; Upstairs, Room 2' });
    const event = await createEvent(
      t.app,
      host.cookie,
      eventBody(venue.id, { title: 'Cards; dice, and a \\ backslash', description: 'Line one\nLine two\r\nLine three', days: 6 }),
    );
    const res = await get(`/api/events/${event.id}/calendar.ics`);
    expect(res.statusCode, res.body).toBe(200);
    const [item] = vevents(res.body);
    expect(item).toEqual(
      expect.arrayContaining(['SUMMARY:Cards\\; dice\\, and a \\\\ backslash', 'LOCATION:The Bar\\; Upstairs\\, Room 2\\, 1 Test Street\\, Prestwich']),
    );
    expect(item!.find((l) => l.startsWith('DESCRIPTION:'))).toMatch(
      /^DESCRIPTION:Line one\\nLine two\\nLine three\\n\\nMap: https:\/\/www\.openstreetmap\.org\//,
    );
    expect(item!.join('\n')).not.toMatch(/\r/);
  });

  it("carries the venue's street address, its coordinates as GEO and a map link (issue 34), in the file and the member's feed", async () => {
    const venue = await createVenue(t.app, host.cookie, {
      name: 'The Church Inn',
      address: '2 Church Lane',
      city: 'Prestwich',
      latitude: 53.5331,
      longitude: -2.2847,
    });
    const event = await createEvent(t.app, host.cookie, eventBody(venue.id, { title: 'Geo Evening', description: 'Come along.', days: 7 }));
    const member = await signUp(t.app);
    await buyTicket(t.app, event.id, member);
    const feed = (await get(await memberFeedPath(member.cookie))).body;
    for (const body of [(await get(`/api/events/${event.id}/calendar.ics`)).body, feed]) {
      const item = vevents(body).find((l) => l.includes(uid(event.id)))!;
      expect(item).toEqual(expect.arrayContaining(['LOCATION:The Church Inn\\, 2 Church Lane\\, Prestwich', 'GEO:53.5331;-2.2847']));
      expect(item).toContain('DESCRIPTION:Come along.\\n\\nMap: https://www.openstreetmap.org/?mlat=53.53310&mlon=-2.28470#map=18/53.53310/-2.28470');
    }
    // A venue without coordinates: no GEO, and the map link searches for the address.
    const plain = await createVenue(t.app, host.cookie, { name: 'No Pin Bar', address: '5 High Street', city: 'Bury' });
    const other = await createEvent(t.app, host.cookie, eventBody(plain.id, { title: 'Plain Evening', description: null, days: 8 }));
    const [item] = vevents((await get(`/api/events/${other.id}/calendar.ics`)).body);
    expect(item).toContain('LOCATION:No Pin Bar\\, 5 High Street\\, Bury');
    expect(item!.some((l) => l.startsWith('GEO:'))).toBe(false);
    expect(item).toContain('DESCRIPTION:Map: https://www.openstreetmap.org/search?query=No%20Pin%20Bar%2C%205%20High%20Street%2C%20Bury');
  });

  it('answers 404 for an unknown evening and 400 for a malformed id', async () => {
    const missing = await get('/api/events/987654/calendar.ics');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'Event not found' });
    expect(missing.body).not.toContain('BEGIN:VCALENDAR');
    expect((await get('/api/events/abc/calendar.ics')).statusCode).toBe(400);
  });
});
