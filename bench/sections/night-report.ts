/** The whole night's report (issue 37): the runs of bench/sections/night.ts, their medians against the budgets. */
import type { BenchArgs } from '../lib/args';
import { over, percentile, show, verdict, type Figure } from '../lib/stats';
import { GUIDE_FIRST_ASK_MS, GUIDE_SPREAD_MS } from '../../src/shared/domain/conversation-guide';
import {
  BURST_ROUND,
  DOOR_WINDOW_MS,
  FEEDBACK_SPREAD_MS,
  night,
  PHONE_TIMEOUT_MS,
  QUICK_SHARE,
  READ_SPREAD_MS,
  ROUNDS,
  SELF_SHARE,
  SPREAD_MS,
  type NightRun,
} from './night';

export async function nightSection(args: BenchArgs, log: (s: string) => void) {
  const runs: NightRun[] = [];
  const commands: string[] = [];
  for (let i = 0; i < args.runs; i++) runs.push(await night(args, commands));
  const perEvent = Math.floor(args.sockets / args.events);
  const total = perEvent * args.events;
  const f = (pick: (r: NightRun) => number): Figure => over(runs.map(pick));
  const ms = (x: Figure) => show(x, 0, ' ms');
  const dbName = args.db === 'embedded' ? 'the embedded database (PGlite)' : 'one PostgreSQL (a fresh database per run)';
  log(`## The whole night\n`);
  log(
    `${total.toLocaleString('en-US')} guests across ${args.events} evenings of ${perEvent} (users, registrations and sessions written before the server starts), on ${args.instances} server instance(s) sharing ${dbName}; each run on a fresh server and a fresh database. Guests' phones (a socket each, with the guest's own session) in ${args.workers} client processes (bench/workers/night-client.ts), the hosts' desks in one more. One evening as it happens:\n`,
  );
  log(
    `- **the door**: each guest arrives at a random moment of ${DOOR_WINDOW_MS / 1000} s; ${100 - SELF_SHARE * 100} % are scanned in by their host (POST /api/events/:id/door/scan with the ticket's code), ${SELF_SHARE * 100} % check themselves in (POST /api/events/:id/arrival/check-in);`,
  );
  log(
    `- **six rounds** (POST /api/events/:id/timer start_timer, then next_round); after each bell every guest who had a partner in the round before rates them, ${100 - QUICK_SHARE * 100} % with the card (POST /api/events/:id/ratings, 1-5, with an Idempotency-Key as the app's phones send it) and ${QUICK_SHARE * 100} % with the quick yes/no (POST /api/events/:id/connections with a decision): round ${BURST_ROUND}'s ratings **all at once** right after round ${BURST_ROUND + 1}'s bell, the others spread at random over ${SPREAD_MS / 1000} s, round ${ROUNDS}'s while it runs; at each bell the server gives every pair its question and sends it on the socket (\`guide_question\`, docs/decisions/0147), and a phone shown a partner that has not heard its one by a moment of its own between ${GUIDE_FIRST_ASK_MS / 1000} and ${GUIDE_SPREAD_MS / 1000} s after the bell asks for it once, as the evening page's card does (GET /api/events/:id/conversation-guide, kind "conversation guide (at the bell)", docs/decisions/0081 and 0146), and the next bell waits until every ask is answered, as a five-minute round would;`,
  );
  log(
    `- **the hosts' desks**: each host holds the live socket as the host console does (isHost) and, on each \`ratings_updated\` (at most one a second per evening: docs/decisions/0128), does what the console does (src/client/lib/live-cache.ts): news that carries the round history and the shown round's progress (docs/decisions/0133) is shown as it is; otherwise it reads both again (GET /api/events/:id/rounds and GET /api/events/:id/progress?round=), one of each at a time, one more after when news came meanwhile (kinds "desk: rounds" and "desk: progress"); on each \`checkins_updated\` (at most one a second per evening: decision 0138) it reads the door again as the check-in desk's screen does (GET /api/events/:id/door, kind "desk: door"), the same way; each guest's phone reads the evening again on its own check-in's news unless the news carries the check-in (kind "phone: evening after check-in", decision 0139);`,
  );
  log(
    `- **a host message** to each room (POST /api/events/:id/messages), timed to the phones of the guests checked in (those it goes to); each phone marks it read (POST /api/events/:id/inbox/:id/read) at a random moment of ${READ_SPREAD_MS / 1000} s after it lands;`,
  );
  log(
    `- **the end**: end_event, calculate-matches, release-contacts; each phone has its matches with \`contacts_released\` (decision 0105: the server reads them once per evening and says each guest's own on their socket; a phone told none would GET /api/events/:id/matches/:userId, and the count of such GETs is in the table);`,
  );
  log(`- **feedback**: every guest sends the form (PUT /api/events/:id/feedback/form, with an Idempotency-Key), spread over ${FEEDBACK_SPREAD_MS / 1000} s;`);
  log(
    `- **the floor**, in the same run: a bare \`node:http\` server (bench/workers/bare-rating.ts) doing the rating's one \`INSERT ... ON CONFLICT\` into the \`ratings\` table of a fresh ${args.db === 'postgres' ? 'PostgreSQL database' : 'PGlite data directory'} migrated and seeded as ours, hit by the same all-at-once burst (the same requests) from the same worker code; and before it the door's arrivals replayed at the same moments of the window (the same scans and self check-ins) against a bare \`UPDATE\` of the guest's registration (checked in, when, how) in the same database, the guests given our ticket codes.\n`,
  );
  log(
    `Median of ${args.runs} run(s) (min-max). Errors are answers other than 2xx and requests with no answer (per run, in order); 5xx and no answer must be 0. Throughput: answers / (last answer - first request).\n`,
  );
  const budgets: Record<string, number> = {
    'door scan': 200,
    'self check-in (arrival)': 200,
    'rating card (spread)': 1000,
    'quick yes/no (spread)': 1000,
  };
  const names = [...new Set(runs.flatMap((r) => [...r.kinds.keys()]))];
  log(`| request | count | errors (non-2xx) | 5xx or no answer | p50 | p99 | throughput /s | budget | verdict |\n|---|---|---|---|---|---|---|---|---|`);
  for (const name of names) {
    const k = (r: NightRun) => r.kinds.get(name);
    const count = f((r) => k(r)?.lat.length ?? 0);
    const bad = (r: NightRun, pred: (c: number) => boolean) => Object.entries(k(r)?.statuses ?? {}).reduce((s, [c, n]) => s + (pred(Number(c)) ? n : 0), 0);
    const errors = runs.map((r) => bad(r, (c) => c < 200 || c >= 300));
    const fives = runs.map((r) => bad(r, (c) => c >= 500 || c < 0));
    const p99 = f((r) => percentile(k(r)?.lat ?? [], 0.99));
    const budget = budgets[name];
    const ok = fives.every((n) => n === 0) && (budget === undefined || p99.median <= budget);
    log(
      `| ${name} | ${show(count)} | ${errors.join(', ')} | ${fives.join(', ')} | ${ms(f((r) => percentile(k(r)?.lat ?? [], 0.5)))} | **${ms(p99)}** | ${show(
        f((r) => (k(r) ? (k(r)!.lat.length * 1000) / Math.max(1, k(r)!.lastDone - k(r)!.firstSent) : NaN)),
      )} | ${budget ? `p99 ≤ ${budget} ms, no 5xx` : 'no 5xx'} | ${verdict(ok)} |`,
    );
  }
  log('');
  const errs = [...new Set(runs.flatMap((r) => [...r.kinds].flatMap(([n, k]) => k.errors.map((e) => `${n}: ${e}`))))].slice(0, 12);
  if (errs.length) log(`Errors seen (first of each kind): ${errs.map((e) => `\`${e.replace(/`/g, "'").slice(0, 200)}\``).join('; ')}.\n`);
  const burstRate = (r: NightRun) => (r.burst.n * 1000) / r.burst.ms;
  const floorRate = (r: NightRun) => (r.floor.n * 1000) / r.floor.ms;
  const ratio = f((r) => burstRate(r) / floorRate(r));
  const burstMs = f((r) => r.burst.ms);
  log(`| the moment | ours | floor (same run) | ours/floor | budget | verdict |\n|---|---|---|---|---|---|`);
  log(
    `| round ${BURST_ROUND}'s ratings all at once: all answered (${runs.map((r) => `${r.burst.ok} of ${r.burst.n} 2xx`).join(', ')}; floor ${runs.map((r) => `${r.floor.ok} of ${r.floor.n}`).join(', ')}) | **${ms(burstMs)}** | ${ms(f((r) => r.floor.ms))} | – | all stored within 2,000 ms | ${verdict(burstMs.median <= 2000 && runs.every((r) => r.burst.ok === r.burst.n))} |`,
  );
  log(
    `| the same burst, ratings per second | ${show(f(burstRate))} | ${show(f(floorRate))} | **${show(ratio, 2)}** | ours ≥ 0.5 × floor | ${verdict(ratio.median >= 0.5)} |`,
  );
  for (const name of ['door scan', 'self check-in (arrival)']) {
    const p99 = f((r) => percentile(r.kinds.get(name)?.lat ?? [], 0.99));
    const floorP99 = f((r) => percentile(r.doorFloor.get(name)?.lat ?? [], 0.99));
    const p50 = (r: NightRun, from: 'kinds' | 'doorFloor') => percentile(r[from].get(name)?.lat ?? [], 0.5);
    log(
      `| the door's ${name === 'door scan' ? 'scans' : 'self check-ins'}, p99 (the same arrivals at the same moments; floor: the bare \`UPDATE\` of the registration, ${runs
        .map(
          (r) =>
            `${Object.entries(r.doorFloor.get(name)?.statuses ?? {}).reduce((s, [c, n]) => s + (Number(c) === 200 ? n : 0), 0)} of ${r.doorFloor.get(name)?.lat.length ?? 0} 200`,
        )
        .join(', ')}) | **${ms(p99)}** (p50 ${ms(f((r) => p50(r, 'kinds')))}) | ${ms(floorP99)} (p50 ${ms(f((r) => p50(r, 'doorFloor')))}) | ${show(
        f((r) => percentile(r.kinds.get(name)?.lat ?? [], 0.99) / percentile(r.doorFloor.get(name)?.lat ?? [], 0.99)),
        1,
      )} | p99 ≤ 200 ms | ${verdict(p99.median <= 200)} |`,
    );
  }
  const toPhones = (name: string, pick: (r: NightRun) => number[], budget?: number) => {
    const p99 = f((r) => percentile(pick(r), 0.99));
    const last = f((r) => Math.max(...pick(r)));
    log(
      `| ${name} | p50 ${ms(f((r) => percentile(pick(r), 0.5)))}, p99 **${ms(p99)}**, last phone ${ms(last)} | – | – | ${budget ? `p99 ≤ ${budget} ms` : '–'} | ${budget ? verdict(p99.median <= budget) : '–'} |`,
    );
  };
  for (let k = 0; k < ROUNDS; k++) toPhones(`round ${k + 1}'s place on every phone (host's POST /timer to \`mine\`)`, (r) => r.bells[k]!);
  // The pairs' questions given at the bell and sent on the socket (decision 0147); a phone that never heard its one counts as the timeout.
  for (let k = 0; k < ROUNDS; k++)
    toPhones(`round ${k + 1}'s question on every phone with a partner (host's POST /timer to \`guide_question\`)`, (r) => r.questions[k]!);
  toPhones('the host message on every phone', (r) => r.message);
  toPhones('the release heard on every phone (from POST /release-contacts)', (r) => r.released, 1000);
  toPhones('…and its matches on the phone (carried by the release, decision 0105; GET /matches/:userId where not)', (r) => r.matchesAnswered, 1000);
  log('');
  log(
    `- sockets: open ${runs.map((r) => r.opened).join(', ')} of ${total}, failed to open ${runs.map((r) => r.failed).join(', ')}, dropped **${runs.map((r) => r.dropped).join(', ')}** ${verdict(runs.every((r) => r.failed === 0 && r.dropped === 0))}. A phone that never had a message counts as ${PHONE_TIMEOUT_MS / 1000} s.`,
  );
  log(
    `- the hosts' desks' ratings news: carried what the console shows ${runs.map((r) => r.deskNews.carried).join(', ')}, sent the desk to read ${runs.map((r) => r.deskNews.read).join(', ')} (a read falls back when a bell rang during the server's read, or when the read failed); check-in news heard by the desks ${runs.map((r) => r.deskNews.checkins).join(', ')}, of which applied with no read of the list (decision 0142) ${runs.map((r) => r.deskNews.checkinsCarried).join(', ')}.`,
  );
  const memBudget = args.db === 'embedded' && args.instances === 1 && args.sockets <= 2000;
  const after = f((r) => r.rssAfter);
  log(
    `- server RSS (VmRSS): idle after warm-up ${show(
      f((r) => r.rssIdle),
      0,
      ' MB',
    )}; after ${total.toLocaleString('en-GB')} sign-ups over HTTP (in ${show(
      f((r) => r.signUps.ms / 1000),
      0,
      ' s',
    )}) ${show(
      f((r) => r.signUps.rss),
      0,
      ' MB',
    )}; after the night **${show(after, 0, ' MB')}**${memBudget ? ` (budget 400 MB) ${verdict(after.median <= 400)}` : ''}${args.instances > 1 ? ' (instance 1)' : ''}.`,
  );
  const phases = [...new Set(runs.flatMap((r) => [...r.lag.keys()]))];
  log(
    `- event-loop stalls (the server's /metrics \`nodejs_eventloop_lag_max_seconds\`, prom-client, read after each phase: the longest delay since the read before): ${phases
      .map((p) => `${p} ${ms(f((r) => r.lag.get(p) ?? NaN))}`)
      .join('; ')}.`,
  );
  const checkNames = [...new Set(runs.flatMap((r) => r.checks.map((c) => c.what)))];
  log(`- stored vs sent, read from the database after the server stopped:`);
  for (const c of checkNames) {
    const per = runs.map((r) => r.checks.find((x) => x.what === c));
    log(`  - ${c}: ${per.map((x, i) => `run ${i + 1}: ${x?.detail ?? 'n/a'}`).join('; ')} ${verdict(per.every((x) => x?.ok))}`);
  }
  log(`\nServers: \`${[...new Set(commands)].join('`; `')}\`; floor: \`node --import tsx bench/workers/bare-rating.ts\`.\n`);
}
