/**
 * Where the server's memory goes after real sign-ups (issue 26): one server on the embedded
 * database, EV evenings (default 40) of 50 guests who sign up and register over HTTP, then are
 * checked in by their hosts over HTTP; RSS, V8 heap (used, total) and external memory from
 * /metrics after each step. `npx tsx bench/probes/signup-memory.ts` (EXTRA='{"K":"V"}' adds server
 * environment; BENCH_NODE_FLAGS adds node flags). Build first (`node scripts/start.mjs --build-only`).
 */
import { seedBeforeStart } from '../lib/seed';
import { rssMb, startServer, tempDir, removeDir, warmUp } from '../lib/procs';
import { signUpGuests } from '../lib/signup';
const dir = tempDir('mem');
const events = Number(process.env.EV ?? 40),
  per = 50;
const seeded = await seedBeforeStart(
  { dataDir: dir },
  { tag: 'm', eventCount: events, guestsPerEvent: 0, maxParticipants: per, checkedIn: false, tonight: true },
);
const s = await startServer({ dataDir: dir, extraEnv: JSON.parse(process.env.EXTRA ?? '{}') });
const metrics = async () => {
  const t = await (await fetch(`${s.base}/metrics`)).text();
  const pick = (k: string) => Number(new RegExp(`^${k} (\\S+)`, 'm').exec(t)?.[1] ?? NaN) / 2 ** 20;
  return `rss ${rssMb(s.pid).toFixed(0)} heapUsed ${pick('nodejs_heap_size_used_bytes').toFixed(0)} heapTotal ${pick('nodejs_heap_size_total_bytes').toFixed(0)} external ${pick('nodejs_external_memory_bytes').toFixed(0)}`;
};
await warmUp(`${s.base}/api/events`);
console.log('idle', await metrics());
const t0 = Date.now();
const guests = await signUpGuests(seeded.eventIds, per, () => s.base, 'm');
console.log(`signed up ${guests.length} in ${Date.now() - t0} ms`, await metrics());
const hostOf = new Map(seeded.hosts.map((h) => [h.eventId, h]));
let n = 0;
await Promise.all(
  Array.from({ length: 20 }, async () => {
    for (let i = n++; i < guests.length; i = n++) {
      const g = guests[i]!;
      const h = hostOf.get(g.eventId)!;
      const r = await fetch(`${s.base}/api/events/${g.eventId}/door/check-in`, {
        method: 'POST',
        headers: { cookie: h.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ userId: g.id }),
      });
      if (!r.ok) throw new Error(await r.text());
    }
  }),
);
console.log(`checked in in ${Date.now() - t0} ms`, await metrics());
await new Promise((r) => setTimeout(r, 5000));
console.log('after 5 s', await metrics());
await s.stop();
removeDir(dir);
