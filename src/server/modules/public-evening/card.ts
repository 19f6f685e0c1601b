import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import QRCode from 'qrcode';
import { CARD_HEIGHT, CARD_WIDTH } from '@shared/domain/public-evening';
import { TIME_ZONE } from '@shared/domain/time';

/**
 * The evening's link-preview card, 1200x630 PNG, drawn on the server with Skia (@napi-rs/canvas) in
 * the flyers' look (features/promotions: wine gradient, cream serif title, apricot price, the QR
 * code on a white tile). The fonts ship in npm packages (@fontsource), so the card looks the same on
 * a server with no fonts installed (docs/decisions/0045).
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

/** The flyers' palette (features/promotions/lib/flyers.ts). */
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
  /** '£15' or 'Free'. */
  price: string;
  /** The public page: what the QR code opens. */
  url: string;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** '19:00' → '7:00 PM'. */
function wallTime(hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
}

export function cardContent(e: {
  title: string;
  date: string;
  startTime: string;
  endTime: string;
  price: number;
  url: string;
  venue: { name: string; address: string; city: string | null };
}): CardContent {
  const pounds = e.price / 100;
  return {
    title: e.title.trim(),
    date: dayFormat.format(new Date(e.date)),
    time: `${wallTime(e.startTime)} – ${wallTime(e.endTime)}`,
    venue: e.venue.name.trim(),
    address: [e.venue.address, e.venue.city]
      .map((s) => s?.trim())
      .filter(Boolean)
      .join(', '),
    price: e.price <= 0 ? 'Free' : Number.isInteger(pounds) ? `£${pounds}` : `£${pounds.toFixed(2)}`,
    url: e.url,
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

  const g = ctx.createLinearGradient(0, 0, W, H);
  g.addColorStop(0, C.wine700);
  g.addColorStop(1, C.wine900);
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, W, H);
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
  const below = 52 + 46 + 46;
  let size = 48;
  let lines: string[] = [];
  for (const s of [76, 68, 60, 54, 48]) {
    size = s;
    ctx.font = `400 ${s}px "${DISPLAY}"`;
    lines = wrap(ctx, c.title, textWidth, 3);
    const end = 120 + s + (lines.length - 1) * Math.round(s * 1.1) + below;
    if (end <= pillY - 28) break;
    if (s === 48) lines = wrap(ctx, c.title, textWidth, 2);
  }
  ctx.fillStyle = C.cream;
  const lh = Math.round(size * 1.1);
  let y = 120 + size;
  for (const [i, l] of lines.entries()) ctx.fillText(l, x, y + i * lh);
  y += (lines.length - 1) * lh + 52;

  ctx.font = `600 34px "${SANS}"`;
  ctx.fillStyle = C.cream;
  ctx.fillText(cut(ctx, c.date, textWidth), x, y);
  y += 46;
  ctx.font = `400 32px "${SANS}"`;
  ctx.fillStyle = C.apricot200;
  ctx.fillText(c.time, x, y);
  y += 46;
  ctx.font = `600 28px "${SANS}"`;
  ctx.fillStyle = C.cream;
  const venue = cut(ctx, c.venue, textWidth);
  ctx.fillText(venue, x, y);
  if (c.address && venue === c.venue) {
    const used = ctx.measureText(`${venue} `).width;
    ctx.font = `400 28px "${SANS}"`;
    ctx.fillStyle = C.apricot200;
    if (textWidth - used > 120) ctx.fillText(cut(ctx, `· ${c.address}`, textWidth - used), x + used, y);
  }

  // The price pill, bottom left.
  ctx.font = `400 44px "${DISPLAY}"`;
  const pillW = Math.max(pillH * 1.6, Math.ceil(ctx.measureText(c.price).width) + 56);
  roundedRect(ctx, x, pillY, pillW, pillH, pillH / 2);
  ctx.fillStyle = C.apricot;
  ctx.fill();
  ctx.fillStyle = C.wine900;
  ctx.textAlign = 'center';
  ctx.fillText(c.price, x + pillW / 2, pillY + pillH / 2 + 15);
  ctx.textAlign = 'left';
  ctx.font = `400 24px "${SANS}"`;
  ctx.fillStyle = C.cream;
  ctx.fillText('Five-minute chats with new people', x + pillW + 24, pillY + pillH / 2 + 9);

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
  ctx.font = `600 28px "${SANS}"`;
  ctx.fillStyle = C.cream;
  ctx.textAlign = 'center';
  ctx.fillText('Scan to book', tileX + tile / 2, tileY + tile + 48);

  return canvas.encode('png');
}

/**
 * Drawn cards by content tag, newest kept (a card is ~50-100 KB; 200 of them is at most ~20 MB).
 * Concurrent requests for one card share one drawing.
 */
export function cardCache(max = 200) {
  const cards = new Map<string, Promise<Buffer>>();
  return {
    get(c: CardContent): { tag: string; png: Promise<Buffer> } {
      const tag = cardTag(c);
      let png = cards.get(tag);
      if (png) {
        cards.delete(tag);
        cards.set(tag, png);
        return { tag, png };
      }
      png = drawCard(c);
      png.catch(() => cards.delete(tag));
      cards.set(tag, png);
      while (cards.size > max) cards.delete(cards.keys().next().value!);
      return { tag, png };
    },
    get size() {
      return cards.size;
    },
  };
}
