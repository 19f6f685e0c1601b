import axe from 'axe-core';
import {
  expect,
  type APIRequestContext,
  type APIResponse,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type TestInfo,
  request as playwrightRequest,
} from '@playwright/test';

/**
 * Whether the journeys keep their screenshots: pictures of each screen at phone and desktop size for
 * a person to open and look at. Kept by default; left out under CI (no one looks at them there, and
 * they were about 27 CPU-s of the journeys': docs/decisions/0123). E2E_SHOTS=1 or 0 decides either way.
 */
export const KEEP_SHOTS = process.env.E2E_SHOTS ? process.env.E2E_SHOTS !== '0' : !process.env.CI;

/** A screenshot of the page (the whole page with `fullPage`) or of one element, for a person to look at: it asserts nothing. */
export async function shot(target: Page | Locator, path: string, options: { fullPage?: boolean } = {}) {
  if (!KEEP_SHOTS) return;
  if ('goto' in target) await target.screenshot({ path, ...options });
  else await target.screenshot({ path });
}

export const DEMO = {
  admin: 'admin@speedfriendship.test',
  host: 'host@speedfriendship.test',
  member: 'member@speedfriendship.test',
};

/** The 6-digit codes mailed to this address so far (the dev outbox), newest first. */
async function mailedCodes(request: APIRequestContext, email: string): Promise<string[]> {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
  const mails = (await res.json()) as { subject: string; text: string }[];
  return mails.filter((m) => /login code/i.test(m.subject)).map((m) => m.text.match(/\b(\d{6})\b/)?.[1] ?? '');
}

/** The newest 6-digit login code mailed to this address (the dev outbox). */
export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect.poll(async () => (code = (await mailedCodes(request, email))[0])).toBeTruthy();
  return code!;
}

/**
 * The code mailed by `send`, never an earlier one: an address that already had a code (a sign-up
 * begun, a log-in before) gets a new one, and reading the outbox before the new mail lands would
 * give the old, replaced code.
 */
export async function codeSentBy(request: APIRequestContext, email: string, send: () => Promise<unknown>): Promise<string> {
  const before = (await mailedCodes(request, email)).length;
  await send();
  let code: string | undefined;
  await expect
    .poll(async () => {
      const codes = await mailedCodes(request, email);
      return (code = codes.length > before ? codes[0] : undefined);
    })
    .toBeTruthy();
  return code!;
}

/** Log in through the real /login screen with the code from the outbox. */
export async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  const code = await codeSentBy(page.request, email, async () => {
    await page.getByRole('button', { name: 'Access My Account' }).click();
    await expect(page.getByLabel('Login code')).toBeVisible();
  });
  await page.getByLabel('Login code').fill(code);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/**
 * Signs a page that has not opened the app yet in as `email`, without the login screen: the mailed
 * code over the API as /login sends it (the session cookie lands in the page's context), and the two
 * keys the app keeps in local storage once signed in (src/client/lib/session.ts). The page's first
 * goto opens the app signed in. For journeys about something else; the login screen's own journeys
 * use logIn (docs/decisions/0121).
 */
export async function signIn(page: Page, email: string) {
  expect(page.url(), 'signIn is for a page that has not opened the app yet (logIn signs in from a screen)').toBe('about:blank');
  const code = await codeSentBy(page.request, email, async () => {
    const started = await page.request.post('/api/auth/login', { data: { email } });
    expect(started.ok(), await started.text()).toBe(true);
  });
  const res = await page.request.post('/api/auth/verify', { data: { email, code } });
  const user = await ok<{ id: number; email: string }>(res);
  await rememberSignIn(page.context(), new URL(res.url()).origin, user);
  return user;
}

/** The app's local record of who is signed in, as `rememberUser` keeps it, beside the context's cookies. */
async function rememberSignIn(context: BrowserContext, origin: string, user: { id: number; email: string }) {
  const state = await context.storageState();
  await context.setStorageState({
    cookies: state.cookies,
    origins: [
      {
        origin,
        localStorage: [
          { name: 'currentUserId', value: String(user.id) },
          { name: 'userEmail', value: user.email },
        ],
      },
    ],
  });
}

/**
 * axe's violations on the page as it is now, with `tags` (all of axe's rules when none). axe runs in
 * the page itself with axe.run (the app has no frames: docs/decisions/0108), and gathers only the
 * violations (axe's `resultTypes`). It is put into a page once per document and reused by the next
 * check of the same document, as a screen changes or the sweep moves inside the app: each injection
 * compiles half a megabyte of script (docs/decisions/0119).
 *
 * axe reads the page for a few hundred milliseconds. When the screen it started on leaves meanwhile
 * (its h1 detached, or the layout's loading spinner put in), what it saw is half of two screens: it
 * looks again once the next screen is there, up to three times (docs/decisions/0120).
 */
export async function axeViolations(page: Page, tags?: string[], rules?: Record<string, { enabled: boolean }>) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  for (let attempt = 1; ; attempt++) {
    const { violations, screenLeft } = await page.evaluate(
      async ({ tags, rules }) => {
        // A contrast failure names the colours and ratio axe measured, and where the text was on screen:
        // a failure that comes and goes is then told apart from a colour that is wrong.
        const described = (n: { target: unknown[]; any: { id: string; data?: unknown }[] }) => {
          const target = n.target.join(' ');
          const contrast = n.any.find((c) => c.id === 'color-contrast')?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
          if (!contrast?.fgColor) return target;
          const box = document.querySelector(target)?.getBoundingClientRect();
          const at = box ? ` at y ${Math.round(box.top)}-${Math.round(box.bottom)} of ${window.innerHeight}` : '';
          return `${target} (${contrast.fgColor} on ${contrast.bgColor}, ${contrast.contrastRatio}:1${at})`;
        };
        const heading = document.querySelector('h1');
        let spinner = false;
        const watch = new MutationObserver((records) => {
          for (const r of records)
            for (const n of r.addedNodes)
              if (n instanceof Element && (n.matches('[data-screen-loading]') || n.querySelector('[data-screen-loading]'))) spinner = true;
        });
        watch.observe(document.body, { childList: true, subtree: true });
        const results = await (window as unknown as { axe: typeof axe }).axe.run(document, {
          resultTypes: ['violations'],
          ...(tags && { runOnly: { type: 'tag', values: tags } }),
          ...(rules && { rules }),
        });
        watch.disconnect();
        return {
          violations: results.violations.map((v) => `${v.id}: ${v.nodes.map(described).join(', ')}`),
          screenLeft: spinner || (heading !== null && !heading.isConnected),
        };
      },
      { tags, rules },
    );
    if (!screenLeft || attempt === 3) return violations;
    await screenSettled(page);
  }
}

/**
 * The screen is there: an h1 (every screen has one) and no loading spinner of the layout's, and what
 * the last action set off has run: React runs its effects after the next paint (a scroll into view,
 * a focus), so two animation frames pass before axe reads where things are. A scroll in the middle of
 * axe's read moves the text away from the point where axe looks for its background.
 */
async function screenSettled(page: Page) {
  await page.locator('h1').first().waitFor();
  await expect(page.locator('main [data-screen-loading]')).toHaveCount(0);
  // A page the browser does not draw (hidden) runs no frames: then a tenth of a second does.
  await page.evaluate(() => new Promise((done) => (requestAnimationFrame(() => requestAnimationFrame(done)), setTimeout(done, 100))));
}

/**
 * No axe violations on the page once the app has rendered it. Until the script has run, only the
 * header painted from index.html is on screen (docs/decisions/0027), with no heading of its own:
 * every screen has an h1, so its appearance is the sign the screen is there.
 */
export async function expectAccessible(page: Page) {
  await screenSettled(page);
  expect(await axeViolations(page)).toEqual([]);
}

export const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The answer's JSON, after checking it succeeded (the failure names the URL, status and body). */
export async function ok<T>(res: APIResponse): Promise<T> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * A new member over the API, as a sign-up form does it (docs/decisions/0070): POST /api/users mails a
 * code, and the code (from the dev outbox) sent to /api/auth/verify makes the account and signs this
 * request context in.
 */
export async function joinByApi(request: APIRequestContext, data: { name: string; email?: string; age?: number; bio?: string | null; interests?: string[] }) {
  const email = data.email ?? unique('member');
  const started = await request.post('/api/users', { data: { age: 31, bio: 'Here for the chats.', interests: ['Walking'], ...data, email } });
  expect(started.status(), await started.text()).toBe(202);
  const res = await request.post('/api/auth/verify', { data: { email, code: await latestCode(request, email) } });
  const user = await ok<{ id: number; created: boolean }>(res);
  expect(user.created).toBe(true);
  return { id: user.id, email, origin: new URL(res.url()).origin };
}

/**
 * A new member on their own phone: signed up with the code, which signs the phone in (its cookie), and
 * remembered by the app as after a sign-in (signIn). The page has not opened the app: its first goto
 * does, signed in.
 */
export async function newMember(browser: Browser, name: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, ...options });
  const page = await context.newPage();
  const { id, email, origin } = await joinByApi(page.request, { name, age: 31, bio: 'Here for the chats.', interests: ['Walking', 'Board games'] });
  await rememberSignIn(context, origin, { id, email });
  return { page, id, name, email };
}
export type Member = Awaited<ReturnType<typeof newMember>>;

/** A new member booked on a free evening (booking is one request). */
export async function bookedGuest(browser: Browser, name: string, eventId: number, options: BrowserContextOptions = {}): Promise<Member> {
  const guest = await newMember(browser, name, options);
  await ok(await guest.page.request.post(`/api/events/${eventId}/register`, { data: { userId: guest.id, consentToShare: true } }));
  return guest;
}

/** A day and a time of day in London ('2026-11-29', '19:05'), as an evening's form takes them. */
export function london(d: Date) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** What a journey may say about the venue of a new evening: its own, with these fields. */
export interface OwnVenue {
  name?: string;
  address?: string;
  city?: string;
  capacity?: number;
  latitude?: number;
  longitude?: number;
}

export interface EveningOptions {
  seats?: number;
  /**
   * The evening's room: a new venue of the host's own (the default; with these fields, if an object),
   * so no other journey's evening on this server shares its room and time. `false` books the first
   * venue the host may edit, which other journeys book too.
   */
  ownVenue?: boolean | OwnVenue;
  /** This venue (one the host may book), instead of a new one. */
  venueId?: number;
  /** The day (London), instead of `daysAhead` days from now. */
  date?: string;
  startTime?: string;
  endTime?: string;
  description?: string;
}

/**
 * The demo host creates a free evening `daysAhead` days ahead (five by default), 19:00-22:00, in a
 * room of its own: a venue takes one booking at a time, and journeys run side by side on one server,
 * so two of them picking the same day must not meet at the same venue.
 */
export async function newEvening(host: Page, title = 'Live log evening', daysAhead = 5, opts: EveningOptions = {}) {
  // Only a venue's owner, co-hosts and admins book it (canEdit says who: docs/decisions/0012).
  const own = opts.ownVenue ?? true;
  const venue = opts.venueId
    ? { id: opts.venueId }
    : own
      ? await ok<{ id: number }>(
          await host.request.post('/api/venues', {
            data: {
              name: `Room ${Date.now()}-${Math.floor(Math.random() * 1e6)}`,
              address: '3 Church Lane',
              city: 'Prestwich',
              capacity: 30,
              ...(own === true ? {} : own),
            },
          }),
        )
      : (await ok<{ id: number; isActive: boolean; canEdit: boolean }[]>(await host.request.get('/api/venues'))).find((v) => v.isActive && v.canEdit)!;
  const day = opts.date ?? new Date(Date.now() + daysAhead * 86_400_000).toISOString().slice(0, 10);
  const event = await ok<{ id: number; title: string }>(
    await host.request.post('/api/events', {
      data: {
        title: `${title} ${Date.now()}`,
        description: opts.description ?? 'Short conversations, logged on the night.',
        date: day,
        startTime: opts.startTime ?? '19:00',
        endTime: opts.endTime ?? '22:00',
        venueId: venue.id,
        ageRangeMin: 18,
        ageRangeMax: 65,
        maxParticipants: opts.seats ?? 20,
        price: 0,
      },
    }),
  );
  return event;
}

/** A guest with their own session (no browser), booked on the evening. Dispose of `ctx` at the end. */
export async function apiGuest(baseURL: string, eventId: number, name: string) {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const user = await joinByApi(ctx, { name, email: unique('guest'), age: 30 });
  await ok(await ctx.post(`/api/events/${eventId}/register`, { data: { userId: user.id, consentToShare: true } }));
  return { ctx, ...user };
}

/**
 * The phone loses its connection: the page's requests and the service worker's own (Playwright
 * applies setOffline to the worker since it reports the worker's network: checked by
 * expectWorkerCut). Until 2026-12 the worker's requests were aborted by a route on the context too;
 * that interception of the worker's requests left a navigation hanging for five minutes now and then
 * (docs/decisions/0134), and is gone.
 */
export async function goOffline(context: BrowserContext) {
  await context.setOffline(true);
}

/**
 * While offline, a request the service worker fetches itself fails as on a phone with no network:
 * a read the worker sends to the network first (vite.config.ts) and has never kept, so only the
 * network could answer it; online it would answer 403 or 404.
 */
export async function expectWorkerCut(page: Page) {
  const outcome = await page.evaluate(() =>
    fetch(`/api/users/${900_000_000 + Math.floor(Math.random() * 1_000_000)}/events`).then(
      (r) => `answered ${r.status}`,
      () => 'failed',
    ),
  );
  expect(outcome, "the service worker's own request while offline").toBe('failed');
}

/** The connection returns. */
export async function goOnline(context: BrowserContext) {
  await context.setOffline(false);
}

/**
 * How long a journey waits for a phone to catch up once its line returns (docs/decisions/0106): the
 * promise is 2 s, measured by the bench (`npm run bench -- --only=reconnect`, with the machine's floor
 * beside it); a journey checks what the phone then shows, and fails a phone that does not retry at
 * all or waits for a long back-off or a reload, which is five times the promise and more. The time
 * it saw is attached to the test (`caughtUp`), never compared with the promise on a shared machine.
 */
export const CAUGHT_UP_WITHIN_MS = 10_000;

/** Attach a catch-up time the journey saw to its report (docs/decisions/0106). */
export function noteCaughtUp(testInfo: TestInfo, what: string, ms: number) {
  testInfo.annotations.push({ type: 'caughtUp', description: `${what}: ${ms} ms` });
  console.log(`caught up: ${what}: ${ms} ms`);
}

/**
 * Starts watching `page` for `text` (and, when given, a paragraph that reads exactly `paragraph`) and
 * returns a function that waits for it and answers when the page first showed it, by the page's own
 * clock (the machine's: the same as the test's `Date.now()`). A delay measured this way is the
 * page's, not the test runner's: polling over the DevTools connection on busy CI cores added up to
 * a few hundred milliseconds to the figure (docs/decisions/0091).
 */
export async function watchFor(page: Page, text: string, paragraph?: string): Promise<(timeout?: number) => Promise<number>> {
  const key = `__shown_${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, text, paragraph }) => {
      const w = window as unknown as Record<string, unknown>;
      const shown = () =>
        document.body.innerText.includes(text) && (paragraph === undefined || [...document.querySelectorAll('p')].some((p) => p.textContent === paragraph));
      if (shown()) {
        w[key] = Date.now();
        return;
      }
      const observer = new MutationObserver(() => {
        if (w[key] === undefined && shown()) {
          w[key] = Date.now();
          observer.disconnect();
        }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    },
    { key, text, paragraph },
  );
  return async (timeout = 10_000) => {
    const handle = await page.waitForFunction((k) => (window as unknown as Record<string, unknown>)[k], key, { timeout });
    return Number(await handle.jsonValue());
  };
}
