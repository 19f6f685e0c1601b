import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { root } from '../scripts/processes';
import { axeViolations, DEMO, ok, shot, signIn } from './helpers';
import { expect, test } from './fixtures';

/**
 * WCAG 2.2 AA on every route of the route table (issue 39, docs/decisions/0079): each path as a
 * visitor, and as the member, host or admin it is for, at phone and desktop size, with axe's
 * WCAG 2.0/2.1/2.2 A and AA rules and its best practices (target size included): 0 violations. At
 * phone size every button, link and form control is also measured against WCAG 2.5.8 (24 by 24 CSS
 * pixels, or spaced so a 24-pixel circle on each touches no other; links inside a sentence are exempt).
 */

// The checks are independent: both workers share them (each has its own server, e2e/fixtures.ts).
test.describe.configure({ mode: 'parallel' });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

type Role = 'visitor' | 'member' | 'host' | 'admin';

/** Every path of the route table (src/client/app/router.tsx), with whom it is for. `:id` is an evening. */
const ROUTES: Record<string, Role[]> = {
  '/': ['visitor', 'member'],
  '/refunds': ['visitor'],
  '/landing': ['visitor'],
  '/promo': ['visitor'],
  '/about': ['visitor'],
  '/privacy': ['visitor'],
  '/accessibility-statement': ['visitor', 'admin'],
  '/login': ['visitor'],
  '/unlock': ['visitor'],
  '/waitlist-signup': ['visitor'],
  '/simple-signup': ['visitor'],
  '/test-signup': ['visitor'],
  '/stats123': ['visitor', 'admin'],
  '/admin-stats': ['admin'],
  '/waitlist-dashboard': ['visitor', 'admin'],
  '/create-event': ['visitor', 'host'],
  '/venues': ['visitor', 'host'],
  '/calendar': ['visitor', 'host'],
  '/live-event': ['visitor', 'member'],
  '/timer': ['visitor', 'member'],
  '/host-control': ['visitor', 'host'],
  '/dashboard': ['visitor', 'host'],
  '/matching-dashboard': ['visitor', 'host'],
  '/check-in': ['visitor', 'host'],
  '/reports': ['visitor', 'host', 'admin'],
  '/arrival': ['visitor', 'member'],
  '/messaging': ['visitor', 'host'],
  '/notifications': ['visitor', 'member'],
  // The e-mail link's page, opened with a link that is not (or no longer) good: its real question is checked by e2e/still-coming.spec.ts.
  '/still-coming/:token': ['visitor'],
  // Likewise the "Did you meet NAME again?" e-mail's page: its real question is checked by e2e/met-again.spec.ts.
  '/met-again/:token': ['visitor'],
  '/personality-demo': ['visitor'],
  '/friend-groups': ['visitor', 'member'],
  '/badges': ['visitor', 'member'],
  '/missed-connections': ['visitor', 'member'],
  '/match-preview': ['visitor', 'member'],
  '/accessibility': ['visitor'],
  '/voice-narration': ['visitor'],
  '/host-program': ['visitor', 'member'],
  '/register': ['visitor'],
  '/share': ['visitor', 'host'],
  '/promotions': ['visitor', 'host'],
  '/feedback': ['visitor', 'member'],
  '/events': ['visitor', 'member'],
  '/events/:id': ['visitor', 'member', 'host'],
  '/wine-wallop': ['visitor', 'member'],
  '/profile': ['member'],
  '/checkout/:id': ['member'],
  '/checkout-for-two/:id': ['member'],
  // The friend's claim link, opened with a link that is not good: its real page is checked by e2e/friend-seats.spec.ts.
  '/friend-seat/:token': ['visitor', 'member'],
  '/matches': ['member'],
  '/my-matches': ['member'],
  // The launch night's report for its host and an admin; a member is told it is for hosts (docs/decisions/0084).
  '/events/:id/report': ['member', 'host', 'admin'],
  '*': ['visitor', 'member'],
};

test('the sweep covers every path of the route table', () => {
  const router = readFileSync(path.join(root, 'src/client/app/router.tsx'), 'utf8');
  const paths = [...router.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!);
  expect(paths.length).toBeGreaterThan(40);
  expect(paths.filter((p) => !(p in ROUTES))).toEqual([]);
  expect(Object.keys(ROUTES).filter((p) => !paths.includes(p))).toEqual([]);
});

/** A control smaller than 24 by 24 whose 24-pixel circle touches another control's (WCAG 2.5.8), by its text. */
async function undersizedTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=link], [role=tab], [role=checkbox], [role=radio], [role=switch], [role=menuitem]';
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      // Clipped to nothing (the skip link until it is focused): no target for a pointer.
      const clipped = s.clipPath === 'inset(50%)' || s.clip === 'rect(0px, 0px, 0px, 0px)';
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !clipped && !el.closest('[inert], [aria-hidden=true]');
    };
    /** A link inside a sentence: WCAG 2.5.8's "inline" exception. */
    const inSentence = (el: Element) => {
      if (getComputedStyle(el).display !== 'inline') return false;
      const parent = el.parentElement;
      if (!parent) return false;
      const own = [...parent.childNodes].filter((n) => n !== el).map((n) => n.textContent ?? '');
      return own.join('').trim().length > 0;
    };
    const targets = [...document.querySelectorAll(selector)].filter(visible).filter((el) => !el.closest('label') || el.matches('input, select, textarea'));
    // A control inside its label is pressed through the whole label: that is its target.
    const rects = targets.map((el) => (el.closest('label') ?? el).getBoundingClientRect());
    const out: string[] = [];
    targets.forEach((el, i) => {
      const r = rects[i]!;
      if (r.width >= 23.5 && r.height >= 23.5) return;
      if (inSentence(el)) return;
      // Spacing exception: a 24-pixel circle centred on this control touches no other control or its circle.
      const cx = r.left + r.width / 2;
      const cy = r.top + r.height / 2;
      const clash = rects.some((o, j) => {
        if (j === i || targets[j]!.contains(el) || el.contains(targets[j]!)) return false;
        const ox = Math.max(o.left, Math.min(cx, o.right));
        const oy = Math.max(o.top, Math.min(cy, o.bottom));
        const toRect = Math.hypot(cx - ox, cy - oy);
        const otherSmall = o.width < 23.5 || o.height < 23.5;
        const toCircle = Math.hypot(cx - (o.left + o.width / 2), cy - (o.top + o.height / 2));
        return toRect < 12 || (otherSmall && toCircle < 24);
      });
      if (clash)
        out.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}" ${Math.round(r.width)}x${Math.round(r.height)}`,
        );
    });
    return out;
  });
}

/** The module of each path's screen in the route table (src/client/app/router.tsx). */
const SCREEN_MODULES = new Map(
  [...readFileSync(path.join(root, 'src/client/app/router.tsx'), 'utf8').matchAll(/path: '([^']+)',\s*Component: screen\(\(\) => import\('([^']+)'\)\)/g)].map(
    (m) => [m[1]!, m[2]!] as const,
  ),
);

/**
 * Opens `url` by address when the page shows no app yet or the screen before is the same screen
 * (React keeps its elements then, and nothing would show the move), else inside the app, as a
 * person moves on: the router follows the address the page changes, the check waits until the
 * screen before has left, and the new one starts at its top, as after a link (docs/decisions/0119).
 */
async function open(page: Page, url: string, sameScreen: boolean) {
  if (sameScreen || !(await page.evaluate(() => !!document.querySelector('main')?.firstElementChild))) {
    await page.goto(url);
    return;
  }
  const before = await page.evaluateHandle(() => document.querySelector('main')!.firstElementChild!);
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, url);
  await page.waitForFunction((el) => !el.isConnected, before);
  await before.dispose();
  await page.evaluate(() => window.scrollTo(0, 0));
}

async function check(page: Page, url: string, size: 'phone' | 'desktop', who: Role, sameScreen = false) {
  await open(page, url, sameScreen);
  // Every screen has an h1; what it loads settles before axe looks (a spinner is not the screen).
  await page.locator('h1').first().waitFor({ timeout: 20_000 });
  await expect(page.locator('[role=status]').filter({ hasText: /Loading/ })).toHaveCount(0, { timeout: 15_000 });
  await page.evaluate(() => document.fonts.ready);
  const where = `${who} ${url} (${size})`;
  expect.soft((await axeViolations(page, TAGS, { 'target-size': { enabled: true } })).map((v) => `${where} ${v}`)).toEqual([]);
  if (size === 'phone') expect.soft(await undersizedTargets(page), `${where}: controls under 24 by 24 and too close to another`).toEqual([]);
}

async function eveningIds(page: Page) {
  const list = await ok<{ id: number; title: string }[]>(await page.request.get('/api/events'));
  const id = (title: string) => list.find((e) => e.title === title)?.id;
  return {
    tonight: id('Tonight at The Wine Bar') ?? list[0]!.id,
    later: id('Northern Quarter Newcomers Night') ?? list[list.length - 1]!.id,
    launch: id('Wine Bar Speed Friendship') ?? list[0]!.id,
  };
}

async function sweep(browser: Browser, who: Role, size: 'phone' | 'desktop') {
  const context = await browser.newContext({ viewport: size === 'phone' ? PHONE : DESKTOP, isMobile: size === 'phone', hasTouch: size === 'phone' });
  const page = await context.newPage();
  if (who !== 'visitor') await signIn(page, DEMO[who]);
  const ids = await eveningIds(page);
  let before: string | undefined;
  for (const [route, roles] of Object.entries(ROUTES)) {
    if (!roles.includes(who)) continue;
    const sameScreen = SCREEN_MODULES.has(route) && SCREEN_MODULES.get(route) === SCREEN_MODULES.get(before ?? '');
    before = route;
    const url =
      route === '*'
        ? '/no-such-page'
        : route
            .replace(':token', 'a-link-that-is-not-good')
            .replace(':id', String(route.startsWith('/checkout') ? ids.later : route.endsWith('/report') ? ids.launch : ids.tonight));
    await check(page, url, size, who, sameScreen);
  }
  await context.close();
}

for (const who of ['visitor', 'member', 'host', 'admin'] as const) {
  for (const size of ['phone', 'desktop'] as const) {
    test(`every route ${who === 'visitor' ? 'a visitor opens' : `for the ${who}`} passes axe's WCAG 2.2 AA rules at ${size} size`, async ({ browser }) => {
      test.setTimeout(300_000);
      await sweep(browser, who, size);
    });
  }
}

/**
 * What overflows sideways: the page wider than the screen, or an element whose content is cut off
 * sideways (scrolls or clips) while it is not itself a scroller on purpose.
 */
async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1) out.push(`the page is ${doc.scrollWidth}px wide on a ${window.innerWidth}px screen`);
    const scroller = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll') return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll('body *')) {
      const s = getComputedStyle(el);
      // Drawn past the screen's edge (a fixed bar's last item, a long word): cut off for the reader.
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1) && !el.closest('.sr-only') && !scroller(el) && s.position !== 'absolute')
        out.push(
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}" reaches ${Math.round(r.left)}..${Math.round(r.right)}px`,
        );
      if (s.overflowX !== 'hidden' && s.overflowX !== 'clip') continue;
      if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0 && s.textOverflow !== 'ellipsis' && !el.matches('.sr-only'))
        out.push(`${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')} cuts ${el.scrollWidth - el.clientWidth}px`);
    }
    return out;
  });
}

const REFLOW: [Role, string][] = [
  ['visitor', '/events/:id'],
  ['member', '/events/:id'],
  ['member', '/checkout/:id'],
  ['member', '/timer'],
  ['host', '/check-in'],
];

for (const [who, route] of REFLOW) {
  test(`${route} for the ${who}: nothing lost or scrolling sideways at 320 px wide, nor with text at 200%`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    if (who !== 'visitor') await signIn(page, DEMO[who]);
    const ids = await eveningIds(page);
    const url = route.replace(':id', String(route.startsWith('/checkout') ? ids.later : ids.tonight));
    await page.goto(url);
    await page.locator('h1').first().waitFor({ timeout: 20_000 });
    await expect(page.locator('[role=status]').filter({ hasText: /Loading/ })).toHaveCount(0, { timeout: 15_000 });
    expect.soft(await sidewaysOverflow(page), `${url} at 320 px`).toEqual([]);
    // Text at 200% (WCAG 1.4.4): the browser's text size doubled, as a phone's large-text setting does.
    await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect.soft(await sidewaysOverflow(page), `${url} at 320 px with text at 200%`).toEqual([]);
    await shot(page, test.info().outputPath(`${who}-${route.replace(/[/:]/g, '_')}-320-200.png`), { fullPage: true });
    await context.close();
  });
}

/** Where the focused control is hidden behind something else (the tab bar, a sticky card), or null when some of it shows (WCAG 2.4.11). */
async function focusObscured(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return null;
    const r = el.getBoundingClientRect();
    const name = `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 40)}"`;
    if (r.bottom <= 0 || r.top >= window.innerHeight || r.right <= 0 || r.left >= window.innerWidth) return `${name} is off the screen`;
    const points: [number, number][] = [
      [r.left + r.width / 2, r.top + r.height / 2],
      [r.left + 2, r.top + 2],
      [r.right - 2, r.top + 2],
      [r.left + 2, r.bottom - 2],
      [r.right - 2, r.bottom - 2],
    ];
    const seen = points.some(([x, y]) => {
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
      const top = document.elementFromPoint(x, y);
      return !!top && (el === top || el.contains(top) || top.contains(el));
    });
    if (seen) return null;
    const cover = document.elementFromPoint(r.left + r.width / 2, Math.min(Math.max(r.top + r.height / 2, 0), window.innerHeight - 1));
    return `${name} is hidden behind ${cover ? `${cover.tagName.toLowerCase()}.${[...cover.classList].slice(0, 3).join('.')}` : 'nothing drawn'}`;
  });
}

for (const [who, route] of [
  ['member', '/events/:id'],
  ['member', '/checkout/:id'],
  ['member', '/timer'],
  ['visitor', '/events/:id'],
] as const) {
  test(`tabbing through ${route} as the ${who} at phone size, every focused control stays in view`, async ({ browser }) => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    if (who !== 'visitor') await signIn(page, DEMO[who]);
    const ids = await eveningIds(page);
    await page.goto(route.replace(':id', String(route.startsWith('/checkout') ? ids.later : ids.tonight)));
    await page.locator('h1').first().waitFor({ timeout: 20_000 });
    await expect(page.locator('[role=status]').filter({ hasText: /Loading/ })).toHaveCount(0, { timeout: 15_000 });
    const problems: string[] = [];
    const visited = new Set<string>();
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press('Tab');
      const key = await page.evaluate(() => {
        const el = document.activeElement;
        return el ? `${el.tagName}:${el.id}:${(el.textContent ?? '').slice(0, 30)}:${el.getAttribute('href') ?? ''}` : '';
      });
      if (visited.has(key) && i > 3) break; // back to the start: every control has been visited
      visited.add(key);
      const hidden = await focusObscured(page);
      if (hidden) problems.push(hidden);
    }
    expect(visited.size, 'the keyboard reaches the controls').toBeGreaterThan(3);
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('a phone asking for more contrast gets darker secondary text and card edges, and still passes axe', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, contrast: 'more' });
  const page = await context.newPage();
  // The statement's form has both: a field's hint (muted) and its edge (wine-100).
  await page.goto('/accessibility-statement');
  await page.locator('h1').first().waitFor({ timeout: 20_000 });
  const colours = await page.evaluate(() => ({
    muted: getComputedStyle(document.querySelector('.text-muted')!).color,
    edge: getComputedStyle(document.querySelector('.border-wine-100')!).borderTopColor,
  }));
  expect(colours).toEqual({ muted: 'rgb(61, 44, 47)', edge: 'rgb(168, 74, 92)' });
  expect(await axeViolations(page, TAGS)).toEqual([]);
  await context.close();
});

test('a phone asking for less motion gets no looping animation: the placeholder on / stands still', async ({ browser }) => {
  const running = (page: Page) => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length);
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, reducedMotion });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('h1').first().waitFor({ timeout: 20_000 });
    // The room kept for the open evenings below the first screen pulses until it is scrolled to.
    await expect(page.locator('.animate-pulse').first()).toBeAttached();
    if (reducedMotion === 'no-preference') expect(await running(page)).toBeGreaterThan(0);
    // Ended at once, not looping every frame for as long as it is on screen (docs/decisions/0118).
    else await expect.poll(() => running(page)).toBe(0);
    await context.close();
  }
});

test('the axe check finds what it should, on a first check of a page and on the next of the same page', async ({ page }) => {
  await page.setContent(
    '<html><head><title>Probe</title></head><body><main><h1>Probe</h1><img src="/favicon.svg"><button></button><p style="color:#aaa;background:#bbb">Grey on grey</p></main></body></html>',
  );
  const ids = (found: string[]) => found.map((v) => v.split(':')[0]).sort();
  const expected = ['button-name', 'color-contrast', 'html-has-lang', 'image-alt'];
  expect(ids(await axeViolations(page, TAGS))).toEqual(expected);
  // The second check reuses the axe already in the page, and still sees the page as it is now.
  await page.evaluate(() => document.querySelector('img')!.setAttribute('alt', 'The logo'));
  expect(ids(await axeViolations(page, TAGS))).toEqual(expected.filter((id) => id !== 'image-alt'));
});
