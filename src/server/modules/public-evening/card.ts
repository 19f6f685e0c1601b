import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import QRCode from 'qrcode';
import { CARD_HEIGHT, CARD_WIDTH } from '@shared/domain/public-evening';
import { TIME_ZONE } from '@shared/domain/time';
import { withoutInvisible } from '@shared/schemas/common';
import { AppError } from '../../errors';
import { indexedPng } from './card-png';

/**
 * The evening's link-preview card, 1200x630 PNG, drawn on the server with Skia (@napi-rs/canvas) in
 * the flyers' look (features/share's flyers: wine gradient, cream serif title, apricot price, the QR
 * code on a white tile). The fonts ship in npm packages (@fontsource), so the card looks the same on
 * a server with no fonts installed (docs/decisions/0045). Drawn in a few milliseconds and at most
 * 100 KB: flat colours only (no dithered gradient), written as an indexed PNG, one drawing at a
 * time (docs/decisions/0066).
 */

const require = createRequire(import.meta.url);
const DISPLAY = 'SF Card Display';
const SANS = 'SF Card Sans';
let fontsReady = false;

/** Register the bundled fonts once (DM Serif Display for the title, Inter for the rest). */
function registerFonts() {
  if (fontsReady) return;
  const font = (file: string) => require.resolve(file);
  const ok = [
    GlobalFonts.registerFromPath(font('@fontsource/dm-serif-display/files/dm-serif-display-latin-400-normal.woff2'), DISPLAY),
    GlobalFonts.registerFromPath(font('@fontsource/dm-serif-display/files/dm-serif-display-latin-ext-400-normal.woff2'), DISPLAY),
    GlobalFonts.registerFromPath(font('@fontsource/inter/files/inter-latin-400-normal.woff2'), SANS),
    GlobalFonts.registerFromPath(font('@fontsource/inter/files/inter-latin-600-normal.woff2'), SANS),
    GlobalFonts.registerFromPath(font('@fontsource/inter/files/inter-latin-700-normal.woff2'), SANS),
    GlobalFonts.registerFromPath(font('@fontsource/inter/files/inter-latin-ext-400-normal.woff2'), SANS),
  ];
  if (ok.some((k) => !k)) throw new Error('The card fonts could not be loaded');
  fontsReady = true;
}

/** The flyers' palette (features/share/lib/flyers.ts). */
const C = {
  wine900: '#441a23',
  wine700: '#7a2e3b',
  apricot: '#f6b26b',
  apricot200: '#fad3ad',
  cream: '#fffaf4',
  white: '#ffffff',
};

export interface CardContent {
  title: string;
  /** 'Thursday 10 December 2026'. */
  date: string;
  /** '7:00 PM – 9:00 PM'. */
  time: string;
  venue: string;
  /** 'The Wine Bar, 12 Bury New Road, Prestwich' or ''. */
  address: string;
  /** '£15' or 'Free'; '' draws no price. */
  price: string;
  /** The public page: what the QR code opens. */
  url: string;
  /** Under the QR code: 'Scan to book', 'Full: join the waitlist', 'Booking closed' or 'Ended'. */
  caption: string;
}

/** What the QR code's caption says, by the evening's state (issue 34): only an open evening is booked. */
export const CARD_CAPTIONS = { open: 'Scan to book', full: 'Full: join the waitlist', started: 'Booking closed', ended: 'Ended' } as const;

const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** '19:00' → '7:00 PM'. */
export function wallTime(hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export function cardContent(e: {
  state: keyof typeof CARD_CAPTIONS;
  title: string;
  date: string;
  startTime: string;
  endTime: string;
  price: number;
  url: string;
  venue: { name: string; address: string; city: string | null };
}): CardContent {
  const pounds = e.price / 100;
  // Rows stored before invisible characters were removed on the way in (docs/decisions/0064).
  const shown = (s: string) => withoutInvisible(s).trim();
  return {
    title: shown(e.title),
    date: dayFormat.format(new Date(e.date)),
    time: `${wallTime(e.startTime)} – ${wallTime(e.endTime)}`,
    venue: shown(e.venue.name),
    address: [e.venue.address, e.venue.city]
      .map((s) => (s ? shown(s) : s))
      .filter(Boolean)
      .join(', '),
    price: e.price <= 0 ? 'Free' : Number.isInteger(pounds) ? `£${pounds}` : `£${pounds.toFixed(2)}`,
    url: e.url,
    caption: CARD_CAPTIONS[e.state],
  };
}

/**
 * The card of every evening that has ended: one drawing for all of them, so asking for the cards of
 * old evenings draws nothing new (docs/decisions/0066). Its code opens the home page.
 */
export function endedCardContent(publicUrl: string): CardContent {
  return {
    title: 'This evening has happened',
    date: 'New evenings are on the way',
    time: 'Speed friendship in Prestwich',
    venue: '',
    address: '',
    price: '',
    url: `${publicUrl}/`,
    caption: CARD_CAPTIONS.ended,
  };
}

/** A short, stable tag for the card's content: the cache key and the ETag. */
export function cardTag(c: CardContent): string {
  return createHash('sha256').update(JSON.stringify(c)).digest('base64url').slice(0, 22);
}

function wrap(ctx: SKRSContext2D, text: string, maxWidth: number, maxLines: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const next = line ? `${line} ${word}` : word;
    if (ctx.measureText(next).width <= maxWidth || !line) {
      line = next;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines.map((l) => cut(ctx, l, maxWidth));
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = cut(ctx, lines.slice(maxLines - 1).join(' '), maxWidth, true);
  return kept;
}

/**
 * The largest of `sizes` (px, largest first) at which `text` fits `maxWidth` on one line, with the
 * font set to it; at the smallest size it is cut as a last resort.
 */
function fitLine(ctx: SKRSContext2D, text: string, maxWidth: number, sizes: readonly number[], font: (px: number) => string): string {
  for (const px of sizes) {
    ctx.font = font(px);
    if (ctx.measureText(text).width <= maxWidth) return text;
  }
  return cut(ctx, text, maxWidth);
}

/** Cut a line to maxWidth with an ellipsis (always one when `more` is set). */
function cut(ctx: SKRSContext2D, text: string, maxWidth: number, more = false): string {
  if (!more && ctx.measureText(text).width <= maxWidth) return text;
  const chars = Array.from(text);
  while (chars.length > 0 && ctx.measureText(`${chars.join('').trimEnd()}…`).width > maxWidth) chars.pop();
  return `${chars.join('').trimEnd()}…`;
}

function roundedRect(ctx: SKRSContext2D, x: number, y: number, w: number, h: number, r: number) {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, Math.min(r, w / 2, h / 2));
  ctx.closePath();
}

/** Draw the card; returns the PNG's bytes. */
export async function drawCard(c: CardContent): Promise<Buffer> {
  registerFonts();
  const W = CARD_WIDTH;
  const H = CARD_HEIGHT;
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext('2d');

  // The wine gradient as flat bands one colour step apart: a drawn gradient is dithered (noise a
  // PNG cannot compress: 350 KB and a second of encoding).
  const from = [0x7a, 0x2e, 0x3b];
  const to = [0x44, 0x1a, 0x23];
  const bands = 54;
  for (let i = 0; i < bands; i++) {
    ctx.fillStyle = `rgb(${from.map((v, k) => Math.round(v + (to[k]! - v) * (i / (bands - 1)))).join(',')})`;
    const top = Math.floor((i * H) / bands);
    ctx.fillRect(0, top, W, Math.floor(((i + 1) * H) / bands) - top);
  }
  for (const [x, y, r, color] of [
    [1130, 40, 300, 'rgba(246, 178, 107, 0.14)'],
    [40, 640, 220, 'rgba(255, 250, 244, 0.06)'],
  ] as const) {
    ctx.beginPath();
    ctx.arc(x, y, r, 0, Math.PI * 2);
    ctx.fillStyle = color;
    ctx.fill();
  }

  const x = 72;
  // The QR tile on the right; the text column to its left.
  const tile = 340;
  const tileX = W - 72 - tile;
  const tileY = 120;
  const textWidth = tileX - x - 56;

  ctx.textBaseline = 'alphabetic';
  ctx.textAlign = 'left';
  ctx.fillStyle = C.apricot;
  ctx.font = `700 24px "${SANS}"`;
  ctx.letterSpacing = '4px';
  ctx.fillText('SPEED FRIENDSHIP', x, 96);
  ctx.letterSpacing = '0px';

  // The price pill sits at the bottom left; the title, date, time and venue above it. The title
  // takes the largest size at which it and the lines under it clear the pill (up to three lines).
  const pillH = 72;
  const pillY = H - 56 - pillH;
  // Date, time, venue, and the street address on a line of its own.
  const below = 52 + 46 + 46 + (c.address ? 38 : 0);
  const sizes = [76, 68, 60, 54, 48, 44, 40];
  let size = 40;
  let lines: string[] = [];
  for (const s of sizes) {
    size = s;
    ctx.font = `400 ${s}px "${DISPLAY}"`;
    // Whole lines only: a title cut to three lines tries the next size down.
    lines = wrap(ctx, c.title, textWidth, Number.MAX_SAFE_INTEGER);
    const end = 120 + s + (lines.length - 1) * Math.round(s * 1.1) + below;
    if (lines.length <= 3 && end <= pillY - 28) break;
    if (s === sizes.at(-1)) lines = wrap(ctx, c.title, textWidth, 2);
  }
  ctx.fillStyle = C.cream;
  const lh = Math.round(size * 1.1);
  let y = 120 + size;
  for (const [i, l] of lines.entries()) ctx.fillText(l, x, y + i * lh);
  y += (lines.length - 1) * lh + 52;

  // Each line shrinks to fit before anything is cut (issue 34: '28 November 2…', '12 Bury New Road, P…').
  ctx.fillStyle = C.cream;
  ctx.fillText(
    fitLine(ctx, c.date, textWidth, [34, 31, 28, 25, 22], (px) => `600 ${px}px "${SANS}"`),
    x,
    y,
  );
  y += 46;
  ctx.fillStyle = C.apricot200;
  ctx.fillText(
    fitLine(ctx, c.time, textWidth, [32, 29, 26, 23, 20], (px) => `400 ${px}px "${SANS}"`),
    x,
    y,
  );
  y += 46;
  ctx.fillStyle = C.cream;
  ctx.fillText(
    fitLine(ctx, c.venue, textWidth, [28, 26, 24, 22, 20], (px) => `600 ${px}px "${SANS}"`),
    x,
    y,
  );
  if (c.address) {
    y += 38;
    ctx.fillStyle = C.apricot200;
    ctx.fillText(
      fitLine(ctx, c.address, textWidth, [26, 24, 22, 20, 18], (px) => `400 ${px}px "${SANS}"`),
      x,
      y,
    );
  }

  // The price pill, bottom left.
  let tagX = x;
  if (c.price) {
    ctx.font = `400 44px "${DISPLAY}"`;
    const pillW = Math.max(pillH * 1.6, Math.ceil(ctx.measureText(c.price).width) + 56);
    roundedRect(ctx, x, pillY, pillW, pillH, pillH / 2);
    ctx.fillStyle = C.apricot;
    ctx.fill();
    ctx.fillStyle = C.wine900;
    ctx.textAlign = 'center';
    ctx.fillText(c.price, x + pillW / 2, pillY + pillH / 2 + 15);
    ctx.textAlign = 'left';
    tagX = x + pillW + 24;
  }
  ctx.font = `400 24px "${SANS}"`;
  ctx.fillStyle = C.cream;
  ctx.fillText('Five-minute chats with new people', tagX, pillY + pillH / 2 + 9);

  // The QR code to the public page, on a white tile, with its caption.
  roundedRect(ctx, tileX, tileY, tile, tile, 36);
  ctx.fillStyle = C.white;
  ctx.fill();
  const pad = 30;
  const { modules } = QRCode.create(c.url, { errorCorrectionLevel: 'M' });
  const cell = Math.floor((tile - 2 * pad) / modules.size);
  const qrSize = cell * modules.size;
  const qx = tileX + Math.round((tile - qrSize) / 2);
  const qy = tileY + Math.round((tile - qrSize) / 2);
  ctx.fillStyle = C.wine900;
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) ctx.fillRect(qx + col * cell, qy + row * cell, cell, cell);
    }
  }
  ctx.fillStyle = C.cream;
  ctx.textAlign = 'center';
  ctx.fillText(
    fitLine(ctx, c.caption, tile + 80, [28, 26, 24, 22], (px) => `600 ${px}px "${SANS}"`),
    tileX + tile / 2,
    tileY + tile + 48,
  );

  return indexedPng(ctx.getImageData(0, 0, W, H).data, W, H);
}

export const CARDS_BUSY_MESSAGE = 'Lots of cards are being drawn right now. Please try again in a moment.';

/**
 * Drawn cards by content tag, newest kept (a card is about 35 KB: 200 of them about 7 MB).
 * Concurrent requests for one card share one drawing; drawings run one at a time, and at most
 * `maxWaiting` wait for their turn (more are refused as busy, a 429): a burst of new cards cannot
 * take the server's thread or the thread pool from everything else (docs/decisions/0066).
 */
export function cardCache(max = 200, maxWaiting = 16) {
  const cards = new Map<string, Promise<Buffer>>();
  let queue: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  return {
    /** The drawn (or being drawn) card with this tag, or undefined. */
    peek(tag: string): Promise<Buffer> | undefined {
      const png = cards.get(tag);
      if (png) {
        cards.delete(tag);
        cards.set(tag, png);
      }
      return png;
    },
    /**
     * Draw the card (after the drawings before it) and keep it. `admit` runs first (the per-address
     * count): requests for this card that come meanwhile share its answer, so a burst of link
     * previews for one new card counts once.
     */
    draw(c: CardContent, admit: () => Promise<void> = async () => {}): Promise<Buffer> {
      const tag = cardTag(c);
      const known = this.peek(tag);
      if (known) return known;
      if (waiting >= maxWaiting) return Promise.reject(new AppError('rate_limited', CARDS_BUSY_MESSAGE));
      waiting++;
      const png = admit()
        .then(() => {
          const turn = queue.then(() => drawCard(c));
          queue = turn.catch(() => {});
          return turn;
        })
        .finally(() => waiting--);
      // Refused or failed: forgotten, so the next request tries again.
      png.catch(() => {
        if (cards.get(tag) === png) cards.delete(tag);
      });
      cards.set(tag, png);
      while (cards.size > max) cards.delete(cards.keys().next().value!);
      return png;
    },
    get size() {
      return cards.size;
    },
  };
}
