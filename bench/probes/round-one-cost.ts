/**
 * What round 1 costs one evening on the embedded database, step by step (bench/LIMITS.md):
 * 40 evenings of 50 checked-in guests seeded into an in-memory PGlite, then, one evening after
 * another (nothing else running), the steps a round-1 start takes on the server: the round start
 * statement, the pairs who met at other evenings, the planning, writing the plan, reading the
 * places back. Prints the median and the total of each step.
 *
 *   npx tsx bench/probes/round-one-cost.ts [evenings=40] [guests=50]
 */
import { openPglite } from '../../src/server/db/client';
import * as q from '../../src/server/modules/live/queries';
import { defaultRounds, pairKey, planSchedule } from '../../src/shared/domain/rotation';
import { applyCommand } from '../../src/shared/domain/timer';
import { seed } from '../lib/seed';
import { percentile } from '../lib/stats';

const evenings = Number(process.argv[2] ?? 40);
const guests = Number(process.argv[3] ?? 50);

const database = await openPglite(null);
await database.migrate();
const db = database.db;
const seeded = await seed(db, { tag: 'probe', eventCount: evenings, guestsPerEvent: guests, maxParticipants: guests, checkedIn: true });

const steps = {
  'round start statement': [] as number[],
  'pairs met elsewhere': [] as number[],
  planning: [] as number[],
  'writing the plan': [] as number[],
  'reading the places': [] as number[],
};
async function timed<T>(step: keyof typeof steps, work: () => Promise<T> | T): Promise<T> {
  const began = performance.now();
  const result = await work();
  steps[step].push(performance.now() - began);
  return result;
}

let rows = 0;
for (const eventId of seeded.eventIds) {
  const idle = await q.getOrCreateTimer(db, eventId, 300);
  const start = applyCommand(idle, { type: 'start' }, Date.now());
  if (!start.ok) throw new Error(start.error);
  const room = await timed('round start statement', () => q.startRoundIf(db, eventId, idle.version, start.state, 0));
  if (!room) throw new Error('the round start lost');
  const met = await timed(
    'pairs met elsewhere',
    async () => new Set((await q.pairsMetElsewhere(db, eventId, room.guests)).map((p) => pairKey(p.userA, p.userB))),
  );
  const plan = await timed('planning', () => planSchedule(room.guests, defaultRounds(room.guests.length), met));
  const planRows = plan.flatMap((r) => r.pairings.map((p) => ({ eventId, round: r.round, userA: p.a, userB: p.b, tableNo: p.table })));
  rows = planRows.length;
  await timed('writing the plan', () => q.replaceRotationFrom(db, eventId, 1, planRows));
  await timed('reading the places', () => q.eveningPlan(db, eventId));
}
await database.close();

console.log(`Round 1 of ${evenings} evenings of ${guests} guests (${rows} rotation rows each), one after another, embedded database:`);
for (const [step, ms] of Object.entries(steps)) {
  console.log(`- ${step}: median ${percentile(ms, 0.5).toFixed(2)} ms, total ${ms.reduce((a, b) => a + b, 0).toFixed(0)} ms`);
}
