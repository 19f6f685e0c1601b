/**
 * The ratings news to the hosts' desks (modules/live/bus.ts, docs/decisions/0133): at most one read
 * per evening at a time on an instance, news that comes during it said by one more read after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '@shared/realtime';
import { createTestApp, withCookie, type TestContext } from '../../test/harness';
import { holdRounds, setUpEvening } from '../../test/live-helpers';
import { statementsSent } from '../../test/statements';
import { hostsRatingsNews } from './bus';
import { ratingsNews } from './round-history';
import { createKnown } from './fan-out';
import { createRooms } from './rooms';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the ratings news in a burst', () => {
  it('is one read at a time per evening: five pieces of news at once are two reads, the last with every rating', async () => {
    const ev = await setUpEvening(t, { guests: 4 });
    await holdRounds(t, ev, 1);
    const rows = (await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/rotation`, headers: withCookie(ev.host.cookie) })).json<
      { round: number; a: { id: number }; b: { id: number } | null }[]
    >();
    const pair = rows.find((r) => r.round === 1 && r.b)!;
    const rater = ev.present.find((g) => g.user.id === pair.a.id)!;
    // A host's desk in this instance's room (a socket stand-in that keeps what it is sent).
    const rooms = createRooms();
    const sent: ServerMessage[] = [];
    const desk = rooms.join(
      ev.event.id,
      { readyState: 1, OPEN: 1, send: (text: string) => sent.push(JSON.parse(text) as ServerMessage) },
      ev.host.user.id,
      true,
    );
    desk.opened({ type: 'guide_updated', eventId: ev.event.id });
    sent.length = 0;
    const news = hostsRatingsNews(t.app, rooms, createKnown());

    const rated = await t.app.inject({
      method: 'POST',
      url: `/api/events/${ev.event.id}/ratings`,
      headers: withCookie(rater.cookie),
      payload: { raterId: rater.user.id, ratedId: pair.b!.id, rating: 5 },
    });
    expect(rated.statusCode, rated.body).toBe(201);
    // Five pieces of news at once (two instances' news, or news late behind a busy loop): the first
    // starts a read, the four that come during it are said by one more read after it.
    await Promise.all([1, 2, 3, 4, 5].map(() => news(ev.event.id)));

    expect(sent.map((m) => m.type)).toEqual(['ratings_updated', 'ratings_updated']);
    const last = sent.at(-1) as Extract<ServerMessage, { type: 'ratings_updated' }>;
    expect(last.rounds?.[0]).toMatchObject({ round: 1, participantsSubmitted: 1 });
    expect(last.progress?.rows.find((r) => r.id === rater.user.id)).toMatchObject({ hasSubmitted: true });
  });

  it('reads the rounds and their progress as four prepared statements sent at once (decision 0148)', async () => {
    const ev = await setUpEvening(t, { guests: 4 });
    await holdRounds(t, ev, 2);
    await ratingsNews(t.db, ev.event.id); // each statement's PREPARE, once per connection
    let got: Awaited<ReturnType<typeof ratingsNews>> | undefined;
    const sent = await statementsSent(t.db, async () => {
      got = await ratingsNews(t.db, ev.event.id);
    });
    // EXECUTE on the embedded database; the named statement's own text on PostgreSQL.
    const names = ['round_records', 'progress_guests', 'progress_pairs', 'progress_rated'];
    const texts = [
      /FROM round_history WHERE event_id = \$1::int/,
      /FROM registrations g JOIN users u/,
      /FROM rotations WHERE event_id = \$1::int/,
      /FROM ratings WHERE event_id = \$1::int/,
    ];
    expect(sent, sent.join('\n---\n')).toHaveLength(4);
    for (const [i, name] of names.entries())
      expect(
        sent.some((s) => s.startsWith(`EXECUTE ${name}(`) || texts[i]!.test(s)),
        name,
      ).toBe(true);
    // What the desk shows from them: both rounds, four guests in the latest round's progress.
    expect(got!.rounds.map((r) => r.round)).toEqual([1, 2]);
    expect(got!.rounds[0]!.startTime).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(got!.progress).toMatchObject({ round: 2 });
    expect(got!.progress!.rows.map((r) => r.name).sort()).toEqual(ev.present.map((g) => g.user.name).sort());
  });

  it('reads nothing for an evening no host watches here', async () => {
    const ev = await setUpEvening(t, { guests: 2 });
    const rooms = createRooms();
    const sent: string[] = [];
    const guest = rooms.join(ev.event.id, { readyState: 1, OPEN: 1, send: (text: string) => sent.push(text) }, ev.guests[0]!.user.id, false);
    guest.opened({ type: 'guide_updated', eventId: ev.event.id });
    sent.length = 0;
    await hostsRatingsNews(t.app, rooms, createKnown())(ev.event.id);
    expect(sent).toEqual([]);
  });
});
