/**
 * Phones back from a dropped line (issue 23's promise, docs/decisions/0051 and 0106): guests' phones
 * in Chromium on /timer, each reaching our server through its own TCP proxy (scripts/tcp-proxy.ts).
 * Half lose the line silently (the proxy drops every connection and refuses new ones: the phone
 * finds out by retrying), half are told by the browser (offline, then the 'online' event). Every run
 * cuts all of them, the host moves the evening to the next round, and after CUT_S seconds the lines
 * return together. Measured per phone: from its line's return to the page showing the
 * round's sentence ('Round n: talk to NAME at table T'), timed in the page by a MutationObserver. The
 * sentence waited for is the server's own answer for that guest (GET /rotation/me, asked directly),
 * so a phone counts only when it shows the right partner and table.
 *
 * The floor beside it, in the same run and the same page: a fresh WebSocket to /ws through the same
 * proxy, from its construction to its first message (the handshake, the server's session check and
 * the first state), which is what any catch-up must at least wait for on this machine at that moment.
 * Ours adds the retry's wait (RETRY_MS, up to 0.5 s), the reachability question and the redraw.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { KEYS } from '../../src/client/lib/session';
import { CHROMIUM_ARGS } from '../../scripts/chromium';
import { tcpProxy, type Proxy } from '../../scripts/tcp-proxy';
import type { BenchArgs } from '../lib/args';
import { removeDir, rssMb, sleep, startServer, tempDir, warmUp } from '../lib/procs';
import { seedBeforeStart } from '../lib/seed';
import { median, over, percentile, show, verdict } from '../lib/stats';

/** Phones (guests of one evening), and how long each cut lasts. */
const PHONES = 6;
const CUT_S = 5;
/** The promise: every phone shows its new round within this many ms of its line returning. */
const BUDGET_MS = 2_000;

interface Phone {
  page: Page;
  proxy: Proxy;
  /** 'line': the proxy drops it silently; 'offline': the browser goes offline and back online. */
  how: 'line' | 'offline';
  id: number;
  cookie: string;
}

interface MyRoundRow {
  round: number;
  partner: { name: string } | null;
  table: number | null;
}

const sentenceOf = (r: MyRoundRow) =>
  r.partner ? `Round ${r.round}: talk to ${r.partner.name}${r.table !== null ? ` at table ${r.table}` : ''}` : 'You sit out this round';

/**
 * In the page: note Date.now() when `text` first shows (at once if it already does). No named
 * function inside (tsx's keepNames would wrap it in a helper the page does not have).
 */
function watch(page: Page, key: string, text: string) {
  return page.evaluate(
    ({ key, text }) => {
      const w = window as unknown as Record<string, number | undefined>;
      w[key] = document.body.innerText.includes(text) ? Date.now() : undefined;
      if (w[key] !== undefined) return;
      const observer = new MutationObserver(() => {
        if (w[key] === undefined && document.body.innerText.includes(text)) {
          w[key] = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    },
    { key, text },
  );
}

/** In the page: a fresh socket to the evening, from its construction to its first message (ms). */
function socketFloor(page: Page, eventId: number, userId: number) {
  return page.evaluate(
    ({ eventId, userId }) =>
      new Promise<number>((resolve, reject) => {
        const t0 = performance.now();
        const ws = new WebSocket(`ws://${location.host}/ws?eventId=${eventId}&userId=${userId}&isHost=false`);
        ws.onmessage = () => {
          resolve(performance.now() - t0);
          ws.close();
        };
        ws.onerror = () => reject(new Error('the floor socket failed'));
      }),
    { eventId, userId },
  );
}

async function post(base: string, cookie: string, path: string, body: unknown) {
  const r = await fetch(`${base}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`POST ${path}: ${r.status} ${await r.text()}`);
}

async function myRound(base: string, phone: Phone, eventId: number, round: number): Promise<MyRoundRow> {
  const r = await fetch(`${base}/api/events/${eventId}/rotation/me`, { headers: { cookie: phone.cookie } });
  if (!r.ok) throw new Error(`GET rotation/me: ${r.status}`);
  const row = ((await r.json()) as MyRoundRow[]).find((x) => x.round === round);
  if (!row) throw new Error(`guest ${phone.id} has no row for round ${round}`);
  return row;
}

export async function reconnectSection(args: BenchArgs, log: (s: string) => void) {
  // Round 1 starts the evening; each run moves it on one round, and six guests have five rounds.
  const runs = Math.min(args.runs, PHONES - 2);
  const dataDir = tempDir('reconnect');
  const seeded = await seedBeforeStart(
    { dataDir },
    { tag: 'rc', eventCount: 1, guestsPerEvent: PHONES, maxParticipants: PHONES, checkedIn: true, tonight: true },
  );
  const server = await startServer({ dataDir });
  const eventId = seeded.eventIds[0]!;
  const host = seeded.hosts[0]!;
  const phones: Phone[] = [];
  let browser: Browser | null = null;
  try {
    await warmUp(`${server.base}/api/events`);
    browser = await chromium.launch({
      executablePath: args.chromium,
      args: CHROMIUM_ARGS,
    });
    for (const [i, g] of seeded.guests.entries()) {
      const proxy = await tcpProxy(server.port);
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
      await context.addCookies([{ name: 'sid', value: g.cookie.replace(/^sid=/, ''), domain: '127.0.0.1', path: '/' }]);
      await context.addInitScript(
        ({ id, email, keys }) => {
          localStorage.setItem(keys.userId, String(id));
          localStorage.setItem(keys.email, email);
        },
        { id: g.id, email: `rcg${i}@bench.test`, keys: KEYS },
      );
      phones.push({ page: await context.newPage(), proxy, how: i % 2 ? 'offline' : 'line', id: g.id, cookie: g.cookie });
    }
    await post(server.base, host.cookie, `/api/events/${eventId}/timer`, { type: 'start_timer' });
    await Promise.all(
      phones.map(async (p) => {
        const text = sentenceOf(await myRound(server.base, p, eventId, 1));
        await p.page.goto(`${p.proxy.base}/timer?event=${eventId}`);
        await p.page.getByText(text).first().waitFor({ timeout: 30_000 });
      }),
    );

    const caughtUp: number[][] = [];
    const floors: number[][] = [];
    for (let run = 0; run < runs; run++) {
      const round = run + 2;
      for (const p of phones) {
        p.proxy.cut();
        if (p.how === 'offline') await p.page.context().setOffline(true);
      }
      const cutAt = Date.now();
      await post(server.base, host.cookie, `/api/events/${eventId}/timer`, { type: 'next_round' });
      const texts = await Promise.all(phones.map(async (p) => sentenceOf(await myRound(server.base, p, eventId, round))));
      await sleep(cutAt + CUT_S * 1000 - Date.now());
      // Checked, not assumed: with the line down no phone has heard of the new round.
      for (const [i, p] of phones.entries()) {
        if (await p.page.getByText(texts[i]!).count()) throw new Error(`phone ${i} showed round ${round} with its line cut: the proxy did not cut it`);
        await watch(p.page, `__back${round}`, texts[i]!);
      }
      const back = Date.now();
      for (const p of phones) p.proxy.restore();
      await Promise.all(phones.filter((p) => p.how === 'offline').map((p) => p.page.context().setOffline(false)));
      const shown = await Promise.all(
        phones.map(async (p) => {
          const h = await p.page.waitForFunction((k) => (window as unknown as Record<string, number | undefined>)[k], `__back${round}`, { timeout: 60_000 });
          return Number(await h.jsonValue()) - back;
        }),
      );
      caughtUp.push(shown);
      floors.push(await Promise.all(phones.map((p) => socketFloor(p.page, eventId, p.id))));
      console.error(`bench: reconnect run ${run + 1}: caught up ${shown.join(', ')} ms; floor ${floors[run]!.map((f) => f.toFixed(0)).join(', ')} ms`);
    }

    const row = (how: Phone['how'], what: string) => {
      const pick = (s: number[]) => s.filter((_, i) => phones[i]!.how === how);
      const last = over(caughtUp.map((s) => Math.max(...pick(s))));
      const floor = over(floors.map((s) => Math.max(...pick(s))));
      log(`| ${what} | **${show(last, 0, ' ms')}** | ${show(over(caughtUp.map((s) => median(pick(s)))), 0, ' ms')} | ${show(floor, 0, ' ms')} |`);
    };
    const all = caughtUp.flat();
    log(`## Phones back from a dropped line\n`);
    log(
      `${PHONES} guests' phones (Chromium ${args.chromium}, 390x844, each in its own context on /timer) reach the server through their own TCP proxy (scripts/tcp-proxy.ts). Each run cuts every line (for half the phones silently, the proxy dropping every connection and refusing new ones; for the other half the browser also goes offline), the host starts the next round, and after ${CUT_S} s the lines return together; the time is from the return to the page showing the guest's sentence for the new round as GET /rotation/me gives it (timed in the page). Floor: a fresh WebSocket through the same proxy in the same page, construction to first message, right after. ${runs} runs (rounds 2-${runs + 1}).\n`,
    );
    log(`| the phones' line | the last phone shows its new round | the median phone | floor: a fresh socket's first message (the last phone) |`);
    log(`|---|---|---|---|`);
    row('line', `dropped silently (found by the retry every 0.5 s)`);
    row('offline', `the browser went offline (the 'online' event)`);
    const last = over(caughtUp.map((s) => Math.max(...s)));
    log(`\nEvery phone in every run: p50 ${percentile(all, 0.5).toFixed(0)} ms, max ${Math.max(...all).toFixed(0)} ms over ${all.length} catch-ups.\n`);
    log(
      `The last phone of the room within ${BUDGET_MS / 1000} s of its line's return (median of runs): ${verdict(last.median <= BUDGET_MS)}. Server RSS at the end: ${rssMb(server.pid).toFixed(0)} MB.\n`,
    );
    log(`Server: \`${server.command}\`.\n`);
  } finally {
    await browser?.close();
    await Promise.all(phones.map((p) => p.proxy.close()));
    await server.stop();
    removeDir(dataDir);
  }
}
