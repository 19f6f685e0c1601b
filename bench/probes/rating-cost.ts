/**
 * What one keyed rating costs the embedded database, statement by statement (issue 37): 40
 * evenings of 50 checked-in guests seeded into an in-memory PGlite, round 1 started and planned in
 * each, then every guest rates their round-1 partner, one after another (nothing else running),
 * through the statements the server makes: every other guest as now (the session with the key's
 * claim, decision 0125; the rating with the key's answer, decision 0127), the rest as before them
 * (the session, the claim, the rating, the answer); and again through the floor's one bare
 * `INSERT ... ON CONFLICT` (bench/workers/bare-rating.ts); and the ratings as a burst goes, in batches
 * of MOST_IN_ONE in one statement each (docs/decisions/0151).
 * Prints the median and the total of each, so the rating's share of the burst can be read apart
 * from the server's own work (Fastify, JSON, the socket).
 *
 *   npx tsx bench/probes/rating-cost.ts [evenings=40] [guests=50] [passes=3]
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openPglite } from '../../src/server/db/client';
import { runPrepared } from '../../src/server/db/prepared';
import { findSession, findSessionClaiming } from '../../src/server/modules/auth/queries';
import { hashToken } from '../../src/server/modules/auth/service';
import * as live from '../../src/server/modules/live/queries';
import { MOST_IN_ONE } from '../../src/server/modules/matching/rate-together';
import { rateMany } from '../../src/server/modules/matching/rating-statements';
import { ANSWER, CLAIM } from '../../src/server/plugins/idempotency';
import { defaultRounds, planSchedule } from '../../src/shared/domain/rotation';
import { applyCommand } from '../../src/shared/domain/timer';
import { seed } from '../lib/seed';
import { percentile } from '../lib/stats';

const evenings = Number(process.argv[2] ?? 40);
const guests = Number(process.argv[3] ?? 50);
const passes = Number(process.argv[4] ?? 3);

// PROBE_DATA_DIR: a data directory on disk, as the server opens it (else in memory).
const database = await openPglite(process.env.PROBE_DATA_DIR ?? null);
await database.migrate();
const db = database.db;
const seeded = await seed(db, { tag: 'probe', eventCount: evenings, guestsPerEvent: guests, maxParticipants: guests, checkedIn: true });

const partnerOf = new Map<number, number>();
for (const eventId of seeded.eventIds) {
  const idle = await live.getOrCreateTimer(db, eventId, 300);
  const start = applyCommand(idle, { type: 'start' }, Date.now());
  if (!start.ok) throw new Error(start.error);
  const room = await live.startRoundIf(db, eventId, idle.version, start.state, 0);
  if (!room) throw new Error('the round start lost');
  const plan = planSchedule(room.guests, defaultRounds(room.guests.length), new Set());
  await live.replaceRotationFrom(
    db,
    eventId,
    1,
    plan.flatMap((r) => r.pairings.map((p) => ({ eventId, round: r.round, userA: p.a, userB: p.b, tableNo: p.table }))),
  );
  for (const p of plan[0]!.pairings) {
    if (p.b === null) continue;
    partnerOf.set(p.a, p.b);
    partnerOf.set(p.b, p.a);
  }
}
const raters = seeded.guests.filter((g) => partnerOf.has(g.id));

const steps = {
  session: [] as number[],
  claim: [] as number[],
  'session with the claim': [] as number[],
  rating: [] as number[],
  'rating with the answer': [] as number[],
  answer: [] as number[],
  [`ratings in batches of ${MOST_IN_ONE}, per rating`]: [] as number[],
  'floor insert': [] as number[],
};
async function timed<T>(step: keyof typeof steps, work: () => Promise<T>): Promise<T> {
  const began = performance.now();
  const result = await work();
  steps[step].push(performance.now() - began);
  return result;
}

for (let pass = 0; pass < passes; pass++) {
  // Each pass starts with no ratings, so every statement inserts (as round 1's burst does).
  await db.execute(sql`DELETE FROM ratings`);
  for (const g of raters) {
    const rated = partnerOf.get(g.id)!;
    const value = 1 + ((g.id + pass) % 5);
    await timed('floor insert', () =>
      db.execute(
        sql`INSERT INTO ratings (event_id, rater_id, rated_id, rating, round, source) VALUES (${g.eventId}, ${g.id}, ${rated}, ${value}, 1, 'card')
            ON CONFLICT (event_id, rater_id, rated_id) DO UPDATE SET rating = excluded.rating, source = excluded.source, updated_at = now()
            RETURNING id, rater_id, rated_id, rating, round, created_at`,
      ),
    );
  }
  await db.execute(sql`DELETE FROM ratings`);
  for (const g of raters) {
    const rated = partnerOf.get(g.id)!;
    const value = 1 + ((g.id + pass) % 5);
    const key = randomUUID();
    const tokenHash = hashToken(g.cookie.replace(/^sid=/, ''));
    // Every other guest as before decision 0125 (the session, then the claim), the rest as now.
    if (g.id % 2 === 0) {
      const viewer = await timed('session', () => findSession(db, tokenHash));
      if (viewer?.id !== g.id) throw new Error('the session did not answer');
      const claimed = await timed('claim', () => runPrepared(db, CLAIM, [g.id, key, `POST /api/events/${g.eventId}/ratings x`]));
      if (claimed.length !== 1) throw new Error('the claim did not hold');
    } else {
      const found = await timed('session with the claim', () => findSessionClaiming(db, tokenHash, key, `POST /api/events/${g.eventId}/ratings`));
      if (found?.session.id !== g.id || !found.claimed) throw new Error('the session with the claim did not answer');
    }
    if (g.id % 2 === 1) {
      const request = `POST /api/events/${g.eventId}/ratings x`;
      const [stored] = await timed('rating with the answer', () =>
        rateMany(db, [{ v: { eventId: g.eventId, raterId: g.id, ratedId: rated, rating: value, source: 'card' }, keyed: { key, request } }]),
      );
      if (stored?.answer == null) throw new Error('the rating was refused or its key not answered');
      continue;
    }
    const [stored] = await timed('rating', () =>
      rateMany(db, [{ v: { eventId: g.eventId, raterId: g.id, ratedId: rated, rating: value, source: 'card' }, keyed: null }]),
    );
    if (!stored) throw new Error('the rating was refused');
    await timed('answer', () =>
      runPrepared(db, ANSWER, [g.id, key, 201, JSON.stringify({ rating: stored, ratedEveryone: false }), `POST /api/events/${g.eventId}/ratings x`]),
    );
  }
  // The same ratings again, as the server sends a burst's (docs/decisions/0151): each key claimed, then
  // the ratings in batches, each rating's key answered by its batch's statement.
  await db.execute(sql`DELETE FROM ratings`);
  const keyed = raters.map((g) => ({
    v: { eventId: g.eventId, raterId: g.id, ratedId: partnerOf.get(g.id)!, rating: 1 + ((g.id + pass) % 5), source: 'card' as const },
    keyed: { key: randomUUID(), request: `POST /api/events/${g.eventId}/ratings x` },
  }));
  for (const k of keyed) await runPrepared(db, CLAIM, [k.v.raterId, k.keyed.key, 'POST x']);
  for (let from = 0; from < keyed.length; from += MOST_IN_ONE) {
    const batch = keyed.slice(from, from + MOST_IN_ONE);
    const began = performance.now();
    const stored = await rateMany(db, batch);
    const each = (performance.now() - began) / batch.length;
    if (stored.some((s) => s?.answer == null)) throw new Error('a rating of the batch was refused or its key not answered');
    for (let i = 0; i < batch.length; i++) steps[`ratings in batches of ${MOST_IN_ONE}, per rating`].push(each);
  }
}
await database.close();

console.log(`${raters.length} ratings × ${passes} passes, ${evenings} evenings of ${guests} guests, embedded database, one after another:`);
for (const [step, ms] of Object.entries(steps)) {
  console.log(
    `- ${step}: median ${percentile(ms, 0.5).toFixed(3)} ms, p99 ${percentile(ms, 0.99).toFixed(3)} ms, total ${ms.reduce((a, b) => a + b, 0).toFixed(0)} ms`,
  );
}
