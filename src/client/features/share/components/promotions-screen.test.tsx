import { screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Event } from '@shared/schemas/events';
import { formatDate, formatWhen } from '@client/lib/format';
import { anEvent, DAY, fromNow, HOUR } from '@client/test/fixtures';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { PRICE_NOTE, TRUST } from '../lib/flyers';
import { PromotionsScreen } from './promotions-screen';

/**
 * happy-dom has no real canvas: a minimal 2D context records the lines drawn, toBlob records the
 * size of the PNG asked for, and the download link's click is caught instead of navigating. The
 * fonts API is a fake whose load() the test resolves, to prove nothing is drawn before the fonts.
 */
interface Drawn {
  canvas: HTMLCanvasElement;
  texts: string[];
}

function fakeCanvas({ noContext = false } = {}) {
  const drawn: Drawn[] = [];
  const pngs: { width: number; height: number; type: string | undefined; url?: string }[] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    if (noContext) return null;
    const record: Drawn = { canvas: this, texts: [] };
    drawn.push(record);
    let font = '10px sans-serif';
    return new Proxy(
      {},
      {
        get(_target, prop) {
          if (prop === 'font') return font;
          if (prop === 'measureText') return (text: string) => ({ width: text.length * Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1] ?? 10) * 0.5 });
          if (prop === 'createLinearGradient') return () => ({ addColorStop: () => undefined });
          if (prop === 'fillText') return (text: string) => record.texts.push(text);
          return () => undefined;
        },
        set(_target, prop, value) {
          if (prop === 'font') font = String(value);
          return true;
        },
      },
    ) as unknown as CanvasRenderingContext2D;
  } as unknown as HTMLCanvasElement['getContext']);

  let n = 0;
  const blobs = new Map<Blob, number>();
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, callback: BlobCallback, type?: string) {
    const blob = new Blob([`png ${this.width}x${this.height}`], { type: 'image/png' });
    blobs.set(blob, pngs.length);
    pngs.push({ width: this.width, height: this.height, type });
    callback(blob);
  });
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:http://localhost:3000/flyer-${++n}`;
    const i = blobs.get(blob as Blob);
    if (i !== undefined) pngs[i]!.url = url;
    return url;
  });
  const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  const saved: { download: string; href: string | null; inDocument: boolean }[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ download: this.download, href: this.getAttribute('href'), inDocument: this.isConnected });
  });
  return { drawn, pngs, saved, revoked };
}

/** document.fonts, loading only when the test says so. */
function fakeFonts() {
  const loads: string[] = [];
  let release!: () => void;
  const loaded = new Promise<void>((resolve) => (release = resolve));
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { load: (font: string) => (loads.push(font), loaded.then(() => [])), ready: loaded },
  });
  return { loads, release };
}

afterEach(() => {
  vi.restoreAllMocks();
  delete (document as unknown as { fonts?: unknown }).fonts;
});

// The soonest evening still to come in these tests (two days away, 7:00 PM).
const WINE_BAR = anEvent({
  id: 7,
  title: 'Wine Bar Speed Friendship',
  date: fromNow(2 * DAY),
  startTime: '19:00',
  endTime: '21:00',
  venue: 'The Wine Wallop, Prestwich',
  price: 1500,
});
const LATER = anEvent({ id: 8, title: 'Northern Quarter Newcomers Night', date: fromNow(20 * DAY) });
const UNDERWAY = anEvent({ id: 6, title: 'Tonight at the Wine Bar', date: fromNow(-HOUR) });

function promotions(events: Event[] | Reply = [UNDERWAY, LATER, WINE_BAR], eventId: number | null = null, hostOf: number | null = null) {
  const server = fakeServer({ 'GET /api/events/upcoming': events, 'GET /api/share/links': { publicUrl: PUBLIC_URL } });
  const picked: number[] = [];
  const view = renderAt(
    <>
      <Toaster />
      <PromotionsScreen eventId={eventId} hostOf={hostOf} onPick={(id) => picked.push(id)} />
    </>,
    { path: '/promotions', pattern: '/promotions' },
  );
  return { ...view, server, picked };
}

// PUBLIC_URL, as the server gives it: every link and QR code starts with it, not with this page's origin.
const PUBLIC_URL = 'https://friends.example';

const FLYERS = [
  { name: 'Social Post', file: 'social-post.png', width: 400, height: 400, png: [800, 800] },
  { name: 'Instagram Story', file: 'instagram-story.png', width: 300, height: 533, png: [600, 1066] },
  { name: 'Facebook Cover', file: 'facebook-cover.png', width: 820, height: 312, png: [1640, 624] },
] as const;

const flyerRegion = (name: string) => screen.getByRole('region', { name });

describe('the flyers of the next evening', () => {
  let canvas: ReturnType<typeof fakeCanvas>;
  beforeEach(() => {
    canvas = fakeCanvas();
  });

  test('the soonest evening not yet started, with its details and price in whole pounds', async () => {
    promotions();
    expect(await screen.findByRole('heading', { level: 2, name: 'Wine Bar Speed Friendship' })).toBeInTheDocument();
    expect(screen.getByText('Flyers for the next evening')).toBeInTheDocument();
    expect(screen.getByText('The Wine Wallop, Prestwich')).toBeInTheDocument();
    expect(screen.getByText('7:00 PM – 9:00 PM')).toBeInTheDocument();
    expect(screen.getByText('£15')).toBeInTheDocument();
    expect(screen.queryByText('Tonight at the Wine Bar')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the evening’s page' })).toHaveAttribute('href', '/events/7');
  });

  test('each flyer is drawn as a PNG at twice its size, shown with a text alternative of everything it says', async () => {
    promotions();
    for (const f of FLYERS) {
      const img = await within(await screen.findByRole('region', { name: f.name })).findByRole('img');
      expect(img).toHaveAccessibleName(
        `${f.name} flyer, ${f.width} by ${f.height}: Wine Bar Speed Friendship. ${formatDate(WINE_BAR.date, 'long')}, 7:00 PM – 9:00 PM, at The Wine Wallop, Prestwich. ` +
          `Price £15, includes venue access and a welcome drink. Secure payment, Instant confirmation. QR code to ${PUBLIC_URL}/events/7?source=flyer-qr.`,
      );
      expect(img).toHaveAttribute('width', String(f.width));
      expect(img).toHaveAttribute('height', String(f.height));
      expect(within(flyerRegion(f.name)).getByText(`Downloads as ${f.file}, ${f.png[0]} × ${f.png[1]} pixels`)).toBeInTheDocument();
    }
    expect(canvas.pngs.map((p) => [p.width, p.height, p.type])).toEqual(FLYERS.map((f) => [...f.png, 'image/png']));
    // What was painted: the evening's title, price and the spec's promises on every flyer.
    expect(canvas.drawn).toHaveLength(3);
    for (const d of canvas.drawn) {
      const all = d.texts.join(' ');
      for (const part of ['Wine Bar', '£15', '7:00 PM – 9:00 PM', 'Scan to book', 'SPEED FRIENDSHIP']) expect(all).toContain(part);
      expect(all.replace(/\s+/g, ' ')).toContain(PRICE_NOTE.split(' ').slice(0, 3).join(' '));
      expect(all.replace(/\s+/g, ' ')).toContain(TRUST.split(' ').slice(0, 2).join(' '));
    }
    // Suggested uses under each flyer, and the marketing tips.
    expect(within(flyerRegion('Social Post')).getByRole('heading', { name: 'Suggested uses' })).toBeInTheDocument();
    expect(within(flyerRegion('Facebook Cover')).getByText('The cover photo of a Facebook event or group')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Marketing tips' })).getAllByRole('listitem').length).toBeGreaterThanOrEqual(5);
  });

  test('Download saves each PNG under its name and says so', async () => {
    const { user } = promotions();
    for (const f of FLYERS) {
      const region = await screen.findByRole('region', { name: f.name });
      await within(region).findByRole('img');
      await user.click(within(region).getByRole('button', { name: `Download ${f.name}` }));
      const png = canvas.pngs.find((p) => p.width === f.png[0] && p.height === f.png[1])!;
      expect(canvas.saved.at(-1)).toEqual({ download: f.file, href: png.url, inDocument: true });
      expect(await screen.findByText(`${f.file} downloaded`)).toBeInTheDocument();
    }
    expect(canvas.saved.map((s) => s.download)).toEqual(['social-post.png', 'instagram-story.png', 'facebook-cover.png']);
    // The link is removed once clicked.
    expect(document.querySelector('a[download]')).toBeNull();
  });

  test('Copy Link copies the evening’s public page with its source (not the site root), with the spec’s toast', async () => {
    const { user } = promotions();
    await user.click(await screen.findByRole('button', { name: 'Copy Link for Instagram Story' }));
    expect(await screen.findByText('Link Copied!')).toBeInTheDocument();
    expect(screen.getByText('Event registration link copied to clipboard')).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe(`${PUBLIC_URL}/events/7?source=flyer-link`);
  });

  test('a refused clipboard says so and shows the address', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = promotions();
    await user.click(await screen.findByRole('button', { name: 'Copy Link for Social Post' }));
    expect(await screen.findByText('Copy failed')).toBeInTheDocument();
    expect(screen.getByText(`Your browser blocked the clipboard. The link is ${PUBLIC_URL}/events/7?source=flyer-link`)).toBeInTheDocument();
    expect(screen.queryByText('Link Copied!')).not.toBeInTheDocument();
  });

  test('the evening the page names (?event=) when it is upcoming; an unknown one falls back to the next', async () => {
    const first = promotions(undefined, LATER.id);
    expect(await screen.findByRole('heading', { level: 2, name: LATER.title })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the evening’s page' })).toHaveAttribute('href', `/events/${LATER.id}`);
    first.unmount();
    promotions(undefined, 999);
    expect(await screen.findByRole('heading', { level: 2, name: 'Wine Bar Speed Friendship' })).toBeInTheDocument();
  });

  test('a free evening says Free', async () => {
    promotions([{ ...WINE_BAR, price: 0 }]);
    const img = await within(await screen.findByRole('region', { name: 'Social Post' })).findByRole('img');
    expect(img.getAttribute('alt')).toContain('Free entry, includes venue access and a welcome drink. No payment needed, Instant confirmation.');
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(canvas.drawn[0]!.texts).toContain('Free');
  });

  test('the object URLs are released when the page closes', async () => {
    const { unmount } = promotions();
    await within(await screen.findByRole('region', { name: 'Facebook Cover' })).findByRole('img');
    unmount();
    expect(canvas.revoked.mock.calls.map(([url]) => url).sort()).toEqual(canvas.pngs.map((p) => p.url).sort());
  });
});

test('nothing is drawn before the app’s fonts have loaded, and Download waits for the PNG', async () => {
  const canvas = fakeCanvas();
  const fonts = fakeFonts();
  promotions();
  const region = await screen.findByRole('region', { name: 'Social Post' });
  expect(within(region).getByRole('status')).toHaveTextContent('Drawing the Social Post…');
  expect(within(region).getByRole('button', { name: 'Download Social Post' })).toBeDisabled();
  await waitFor(() => expect(fonts.loads.length).toBeGreaterThan(0));
  // The fonts asked for are the app's own stacks (src/client/styles.css), heading and body.
  expect(fonts.loads.some((f) => f.startsWith('700 32px') && /serif/.test(f))).toBe(true);
  expect(fonts.loads.some((f) => f.startsWith('400 16px') && /sans-serif/.test(f))).toBe(true);
  expect(canvas.drawn).toHaveLength(0);
  fonts.release();
  expect(await within(region).findByRole('img')).toBeInTheDocument();
  expect(within(region).getByRole('button', { name: 'Download Social Post' })).toBeEnabled();
  expect(canvas.drawn).toHaveLength(3);
});

test('a browser without a canvas says the flyer could not be drawn, and Download stays off', async () => {
  fakeCanvas({ noContext: true });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  promotions();
  const region = await screen.findByRole('region', { name: 'Instagram Story' });
  expect(await within(region).findByRole('alert')).toHaveTextContent('The Instagram Story could not be drawn');
  expect(within(region).getByRole('button', { name: 'Download Instagram Story' })).toBeDisabled();
});

test('no evening to come: a clear empty state', async () => {
  fakeCanvas();
  promotions([UNDERWAY]);
  expect(await screen.findByRole('heading', { name: 'No upcoming evening to promote' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create an event' })).toHaveAttribute('href', '/create-event');
  expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
});

test('a failed load says so and tries again', async () => {
  fakeCanvas();
  const { user, server } = promotions(new Reply(500, { message: 'Something went wrong' }));
  expect(await screen.findByText('The evenings could not be loaded')).toBeInTheDocument();
  server.set('GET /api/events/upcoming', [WINE_BAR]);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { level: 2, name: 'Wine Bar Speed Friendship' })).toBeInTheDocument();
});

// Issue 34: a newly approved host got flyers for another host's evening (the soonest on the calendar).
describe("a host's flyers are for the evenings they host", () => {
  const HOST = 21;
  const MINE = anEvent({ id: 30, title: 'Hana’s Coffee Circle', date: fromNow(10 * DAY), venue: 'Corner Café, Whitefield', hostId: HOST });
  const MINE_LATER = anEvent({ id: 31, title: 'Hana’s Book Swap Social', date: fromNow(30 * DAY), hostId: HOST });
  const MINE_UNDERWAY = anEvent({ id: 32, title: 'Hana’s Tonight', date: fromNow(-HOUR), hostId: HOST });
  const choices = () =>
    within(screen.getByRole('combobox', { name: 'Evening to promote' }))
      .getAllByRole('option')
      .map((o) => o.textContent);

  beforeEach(() => {
    fakeCanvas();
  });

  test('by default their own next evening, not a sooner evening of another host', async () => {
    promotions([WINE_BAR, MINE_LATER, MINE, LATER], null, HOST);
    expect(await screen.findByRole('heading', { level: 2, name: MINE.title })).toBeInTheDocument();
    expect(screen.getByText('Flyers for your next evening')).toBeInTheDocument();
    expect(screen.getByText('Corner Café, Whitefield')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the evening’s page' })).toHaveAttribute('href', `/events/${MINE.id}`);
    const img = await within(screen.getByRole('region', { name: 'Social Post' })).findByRole('img');
    expect(img.getAttribute('alt')).toContain(`QR code to ${PUBLIC_URL}/events/${MINE.id}?source=flyer-qr.`);
    expect(screen.queryByText(WINE_BAR.title)).not.toBeInTheDocument();
  });

  test('the picker offers their upcoming evenings only; choosing one draws its flyers and Copy Link copies its page', async () => {
    const { user, picked } = promotions([WINE_BAR, MINE_LATER, MINE, MINE_UNDERWAY, LATER], null, HOST);
    await screen.findByRole('heading', { level: 2, name: MINE.title });
    expect(choices()).toEqual([`${MINE.title} · ${formatWhen(MINE)}`, `${MINE_LATER.title} · ${formatWhen(MINE_LATER)}`]);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Evening to promote' }), String(MINE_LATER.id));
    expect(await screen.findByRole('heading', { level: 2, name: MINE_LATER.title })).toBeInTheDocument();
    expect(screen.getByText('Flyers for your evening')).toBeInTheDocument();
    expect(picked).toEqual([MINE_LATER.id]);
    await user.click(await screen.findByRole('button', { name: 'Copy Link for Social Post' }));
    expect(await navigator.clipboard.readText()).toBe(`${PUBLIC_URL}/events/${MINE_LATER.id}?source=flyer-link`);
  });

  test('?event= naming another host’s evening says so and shows their own next evening', async () => {
    promotions([WINE_BAR, MINE, LATER], WINE_BAR.id, HOST);
    expect(await screen.findByRole('heading', { level: 2, name: MINE.title })).toBeInTheDocument();
    expect(screen.getByText(/is hosted by someone else/)).toHaveTextContent(
      `${WINE_BAR.title} is hosted by someone else: you can make flyers for the evenings you host. These are for ${MINE.title}.`,
    );
  });

  test('a host with no evening of their own sees why, with a way to create one, and no flyers of someone else’s', async () => {
    promotions([WINE_BAR, LATER, MINE_UNDERWAY], null, HOST);
    expect(await screen.findByRole('heading', { name: 'You have no upcoming evening to promote' })).toBeInTheDocument();
    expect(screen.getByText(/Flyers are made for the evenings you host/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an event' })).toHaveAttribute('href', '/create-event');
    expect(screen.queryByText(WINE_BAR.title)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
  });

  test('an admin (or anyone who hosts nothing) may pick any upcoming evening', async () => {
    promotions([WINE_BAR, MINE, LATER], null, null);
    expect(await screen.findByRole('heading', { level: 2, name: WINE_BAR.title })).toBeInTheDocument();
    expect(choices()).toEqual([WINE_BAR, MINE, LATER].map((e) => `${e.title} · ${formatWhen(e)}`));
  });
});
