/**
 * Registration race: 500 members register at once, over real HTTP, for a free evening of 40
 * seats, on the embedded database and on PostgreSQL (a fresh database per run, dropped after).
 * Members and sessions are written into the database before the server starts.
 */
import type { BenchArgs } from '../lib/args';
import { ask, forkWorker, freshPostgres, removeDir, startServer, stopChild, tempDir, warmUp } from '../lib/procs';
import { seedBeforeStart } from '../lib/seed';
import { over, show, verdict } from '../lib/stats';

const MEMBERS = 500;
const SEATS = 40;

export async function race(args: BenchArgs, log: (s: string) => void) {
  log(`## Registration race\n`);
  log(
    `${MEMBERS} members (their sessions written into the database before the server starts) send POST /api/events/:id/register at once, over real HTTP from a load-generator process (bench/workers/race.ts), for a free evening of ${SEATS} seats; a fresh database and server per run. Budget: exactly ${SEATS} succeed, the rest get 409, no 5xx, participantCount ${SEATS}.\n`,
  );
  log(`| database | succeeded | 409 | 5xx / other | participantCount | time for all, ms | verdict |\n|---|---|---|---|---|---|---|`);
  const commands: string[] = [];
  for (const kind of args.raceDb) {
    const rows: { ok: number; full: number; bad: number; count: number; ms: number }[] = [];
    for (let run = 0; run < args.runs; run++) {
      const dir = kind === 'embedded' ? tempDir('race') : undefined;
      const pgdb = kind === 'postgres' ? await freshPostgres(args.pgUrl) : undefined;
      try {
        const target = { dataDir: dir, databaseUrl: pgdb?.url };
        const seeded = await seedBeforeStart(target, {
          tag: 'race',
          eventCount: 1,
          guestsPerEvent: MEMBERS,
          maxParticipants: SEATS,
          checkedIn: false,
          sameGuests: true,
        });
        const server = await startServer(target);
        try {
          await warmUp(`${server.base}/api/events`);
          const eventId = seeded.eventIds[0]!;
          const w = forkWorker('race.ts');
          const r = await ask<{ ms: number; by: Record<string, number> }>(
            w,
            { base: server.base, eventId, members: seeded.guests.map((g) => ({ id: g.id, cookie: g.cookie })) },
            'result',
          );
          await stopChild(w);
          const detail = (await (await fetch(`${server.base}/api/events/${eventId}`)).json()) as { participantCount: number };
          const ok = r.by['201'] ?? 0;
          const full = r.by['409'] ?? 0;
          rows.push({ ok, full, bad: MEMBERS - ok - full, count: detail.participantCount, ms: r.ms });
          commands.push(server.command);
          console.error(`race ${kind} run ${run + 1}: ${JSON.stringify(r.by)} in ${r.ms.toFixed(0)} ms, participantCount ${detail.participantCount}`);
        } finally {
          await server.stop();
        }
      } finally {
        if (dir) removeDir(dir);
        await pgdb?.drop();
      }
    }
    const pass = rows.every((r) => r.ok === SEATS && r.full === MEMBERS - SEATS && r.bad === 0 && r.count === SEATS);
    const list = (k: keyof (typeof rows)[number]) => rows.map((r) => r[k]).join(', ');
    log(
      `| ${kind === 'embedded' ? 'embedded (PGlite)' : 'PostgreSQL 127.0.0.1:5432'} | ${list('ok')} | ${list('full')} | ${list('bad')} | ${list('count')} | ${show(over(rows.map((r) => r.ms)))} | ${verdict(pass)} |`,
    );
  }
  log(`\nPer-run values are listed in order. Servers: \`${[...new Set(commands)].join('`; `')}\`.\n`);
}
