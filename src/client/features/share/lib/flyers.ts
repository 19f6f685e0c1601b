import type { Event } from '@shared/schemas/events';
import { eventLink } from '@shared/domain/share-sources';
import { formatDate, formatMoney, formatTimeRange } from '@client/lib/format';

/**
 * The three event flyers of /promotions (docs/spec/organiser-tools.md §2.5): what they say and
 * where every line goes. Pure: no DOM, no canvas. Text widths come from a `measure` function (the
 * canvas's measureText in the browser, a stand-in in tests), so wrapping and positions are tested
 * here and ./draw.ts only paints the operations this module returns.
 */

export type FlyerKind = 'social' | 'story' | 'cover';

export interface FlyerSpec {
  kind: FlyerKind;
  /** The flyer's name on buttons and headings. */
  name: string;
  /** What it is, in the spec's words. */
  description: string;
  fileName: string;
  /** Size in CSS pixels (the spec's sizes); the PNG is drawn at FLYER_SCALE times this. */
  width: number;
  height: number;
}

/** Square social post 400x400, story 300x533, wide cover 820x312 (docs/spec/organiser-tools.md §2.5). */
export const FLYERS: readonly FlyerSpec[] = [
  { kind: 'social', name: 'Social Post', description: 'Square social post', fileName: 'social-post.png', width: 400, height: 400 },
  { kind: 'story', name: 'Instagram Story', description: 'Story', fileName: 'instagram-story.png', width: 300, height: 533 },
  { kind: 'cover', name: 'Facebook Cover', description: 'Wide cover', fileName: 'facebook-cover.png', width: 820, height: 312 },
];

/** The PNGs are drawn at twice the spec's size, so they stay sharp on phones and retina screens. */
export const FLYER_SCALE = 2;

/** The pixel size of a flyer's PNG: 400x400 → 800x800. */
export const pngSize = (spec: FlyerSpec, scale = FLYER_SCALE) => ({ width: spec.width * scale, height: spec.height * scale });

// ---------------------------------------------------------------------------------------------
// What a flyer says

export const BRAND = 'SPEED FRIENDSHIP';
/** The spec: the price includes venue access and a welcome drink... */
export const PRICE_NOTE = 'Includes venue access and a welcome drink';
/** ...with secure payment and instant confirmation. */
export const TRUST = 'Secure payment · Instant confirmation';
export const TRUST_FREE = 'No payment needed · Instant confirmation';
export const CTA = 'Scan to book';
export const TAGLINE = 'Five-minute chats with new people';

export interface FlyerContent {
  title: string;
  /** 'Wednesday, 14 May 2025'. */
  date: string;
  /** '7:00 PM – 9:00 PM'. */
  time: string;
  venue: string;
  /** '£15' or 'Free'. */
  price: string;
  priceNote: string;
  trust: string;
  /** The evening's page, which the QR code opens. */
  url: string;
}

/**
 * A flyer's price: pounds without decimals (1500 pence → '£15', docs/spec/organiser-tools.md §9),
 * 'Free' for 0. An amount that is not whole pounds keeps its pence ('£12.50') rather than be shown
 * as a price the guest will not pay.
 */
export function flyerPrice(pence: number): string {
  return pence <= 0 ? 'Free' : formatMoney(pence, { wholePounds: true });
}

/** The evening's public page, counted for the flyers' QR code (`?source=flyer-qr`, docs/decisions/0047): where the QR code leads. */
export const eventUrl = (publicUrl: string, eventId: number) => eventLink(publicUrl, eventId, 'flyer-qr');

/** `publicUrl` is the site's public address (PUBLIC_URL): a printed QR code must open the real site. */
export function flyerContent(event: Pick<Event, 'id' | 'title' | 'date' | 'startTime' | 'endTime' | 'venue' | 'price'>, publicUrl: string): FlyerContent {
  return {
    title: event.title.trim(),
    date: formatDate(event.date, 'long'),
    time: formatTimeRange(event),
    venue: event.venue.trim(),
    price: flyerPrice(event.price),
    priceNote: PRICE_NOTE,
    trust: event.price <= 0 ? TRUST_FREE : TRUST,
    url: eventUrl(publicUrl, event.id),
  };
}

/** The flyer's text alternative: everything it says, in reading order. */
export function flyerAlt(spec: FlyerSpec, c: FlyerContent): string {
  return [
    `${spec.name} flyer, ${spec.width} by ${spec.height}: ${c.title}.`,
    `${c.date}, ${c.time}, at ${c.venue}.`,
    `${c.price === 'Free' ? 'Free entry' : `Price ${c.price}`}, includes venue access and a welcome drink.`,
    `${c.trust.replace(' · ', ', ')}.`,
    `QR code to ${c.url}.`,
  ].join(' ');
}

/** The next evening to promote: the soonest upcoming one that has not started yet, or null. */
export function nextEvening<E extends Pick<Event, 'date' | 'status'>>(events: readonly E[], now = Date.now()): E | null {
  return promotableEvenings(events, null, now)[0] ?? null;
}

/**
 * The evenings one may make flyers for, soonest first: upcoming and not started yet; for a host
 * (`hostOf`, their user id) only the evenings they host, for everyone else (admins, members,
 * visitors: `null`) every one. A host's flyers are for their own evenings (issue 34).
 */
export function promotableEvenings<E extends Pick<Event, 'date' | 'status'> & { hostId?: number | null }>(
  events: readonly E[],
  hostOf: number | null,
  now = Date.now(),
): E[] {
  const start = (e: E) => new Date(e.date).getTime();
  return events.filter((e) => e.status === 'upcoming' && start(e) > now && (hostOf === null || e.hostId === hostOf)).sort((a, b) => start(a) - start(b));
}

// ---------------------------------------------------------------------------------------------
// Text fitting

export interface FontSpec {
  /** 'display' is the app's heading (serif) stack, 'sans' its body stack (src/client/styles.css). */
  family: 'display' | 'sans';
  size: number;
  weight: 400 | 600 | 700;
}

/** The width of `text` in `font`, in CSS pixels. */
export type Measure = (text: string, font: FontSpec) => number;

const ELLIPSIS = '…';

/** Cut a string to fit `maxWidth`, ending with an ellipsis. */
function truncate(text: string, maxWidth: number, font: FontSpec, measure: Measure): string {
  if (measure(text, font) <= maxWidth) return text;
  const chars = Array.from(text);
  while (chars.length > 0 && measure(chars.join('').trimEnd() + ELLIPSIS, font) > maxWidth) chars.pop();
  return chars.join('').trimEnd() + ELLIPSIS;
}

/**
 * Greedy word wrap into lines no wider than `maxWidth`; a word wider than a whole line is broken
 * between characters. With `maxLines`, the last kept line ends with an ellipsis if text was left over.
 */
export function wrapText(text: string, maxWidth: number, font: FontSpec, measure: Measure, maxLines = Infinity): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = '';
  const push = (l: string) => {
    if (l) lines.push(l);
  };
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (measure(candidate, font) <= maxWidth) {
      line = candidate;
      continue;
    }
    push(line);
    if (measure(word, font) <= maxWidth) {
      line = word;
      continue;
    }
    // A word too long for any line: break it where it overflows.
    let piece = '';
    for (const ch of Array.from(word)) {
      if (piece && measure(piece + ch, font) > maxWidth) {
        push(piece);
        piece = '';
      }
      piece += ch;
    }
    line = piece;
  }
  push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const rest = lines.slice(maxLines - 1).join(' ');
  kept[maxLines - 1] = truncate(rest, maxWidth, font, measure);
  return kept;
}

/**
 * The largest of `sizes` (largest first) at which `text` wraps into at most `maxLines` lines of
 * `maxWidth`; at the smallest size, the text is cut with an ellipsis.
 */
export function fitText(
  text: string,
  {
    sizes,
    maxWidth,
    maxLines,
    family,
    weight,
  }: { sizes: readonly number[]; maxWidth: number; maxLines: number; family: FontSpec['family']; weight: FontSpec['weight'] },
  measure: Measure,
): { font: FontSpec; lines: string[] } {
  for (const size of sizes) {
    const font: FontSpec = { family, weight, size };
    const lines = wrapText(text, maxWidth, font, measure);
    if (lines.length <= maxLines) return { font, lines };
  }
  const font: FontSpec = { family, weight, size: sizes[sizes.length - 1]! };
  return { font, lines: wrapText(text, maxWidth, font, measure, maxLines) };
}

// ---------------------------------------------------------------------------------------------
// Layout: the drawing operations of each flyer, in CSS pixels

export const PALETTE = {
  wine900: '#441a23',
  wine800: '#5f2430',
  wine700: '#7a2e3b',
  wine200: '#e9bfc6',
  apricot: '#f6b26b',
  apricot200: '#fad3ad',
  cream: '#fffaf4',
  white: '#ffffff',
  ink: '#2b1d1f',
} as const;

export type Align = 'left' | 'center' | 'right';

export type FlyerOp =
  | { kind: 'gradient'; x0: number; y0: number; x1: number; y1: number; from: string; to: string }
  | { kind: 'circle'; x: number; y: number; r: number; color: string }
  | { kind: 'rect'; x: number; y: number; w: number; h: number; radius: number; color: string }
  /** One line of text; `y` is its alphabetic baseline; `tracking` is extra space between letters. */
  | { kind: 'text'; text: string; x: number; y: number; font: FontSpec; color: string; align: Align; tracking?: number }
  /** A QR code of `text` filling the square (x, y, size), dark modules on a light ground. */
  | { kind: 'qr'; text: string; x: number; y: number; size: number; dark: string; light: string };

const lineHeight = (font: FontSpec, factor = 1.2) => Math.round(font.size * factor);

/** Lines of one font stacked down from the baseline `y`; returns the ops and the last baseline. */
function stack(lines: readonly string[], font: FontSpec, x: number, y: number, color: string, align: Align, factor = 1.2) {
  const ops: FlyerOp[] = lines.map((text, i) => ({ kind: 'text', text, x, y: y + i * lineHeight(font, factor), font, color, align }));
  return { ops, last: y + Math.max(0, lines.length - 1) * lineHeight(font, factor) };
}

/** The price in a rounded apricot pill whose left edge (or centre) is at x. */
function pricePill(price: string, x: number, top: number, height: number, size: number, measure: Measure, align: 'left' | 'center') {
  const font: FontSpec = { family: 'display', weight: 700, size };
  const w = Math.max(height * 1.6, Math.ceil(measure(price, font)) + 36);
  const left = align === 'center' ? x - w / 2 : x;
  const ops: FlyerOp[] = [
    { kind: 'rect', x: left, y: top, w, h: height, radius: height / 2, color: PALETTE.apricot },
    { kind: 'text', text: price, x: left + w / 2, y: top + height / 2 + size * 0.35, font, color: PALETTE.wine900, align: 'center' },
  ];
  return { ops, right: left + w };
}

/** A white rounded tile holding the QR code, with a caption under it. */
function qrTile(url: string, x: number, y: number, size: number, caption: FontSpec) {
  const pad = Math.round(size * 0.06);
  const ops: FlyerOp[] = [
    { kind: 'rect', x, y, w: size, h: size, radius: Math.round(size * 0.12), color: PALETTE.white },
    { kind: 'qr', text: url, x: x + pad, y: y + pad, size: size - 2 * pad, dark: PALETTE.wine900, light: PALETTE.white },
    { kind: 'text', text: CTA, x: x + size / 2, y: y + size + caption.size + 8, font: caption, color: PALETTE.cream, align: 'center' },
  ];
  return ops;
}

const brand = (x: number, y: number, align: Align, size = 12): FlyerOp => ({
  kind: 'text',
  text: BRAND,
  x,
  y,
  font: { family: 'sans', weight: 700, size },
  color: PALETTE.apricot,
  align,
  tracking: 2,
});

/** Square social post, 400x400: details down the left, price and QR code along the bottom. */
function socialLayout(c: FlyerContent, measure: Measure): FlyerOp[] {
  const W = 400;
  const H = 400;
  const x = 28;
  const width = W - 2 * x;
  const ops: FlyerOp[] = [
    { kind: 'gradient', x0: 0, y0: 0, x1: W, y1: H, from: PALETTE.wine700, to: PALETTE.wine900 },
    { kind: 'circle', x: 370, y: 30, r: 96, color: 'rgba(246, 178, 107, 0.16)' },
    { kind: 'circle', x: 24, y: 396, r: 72, color: 'rgba(255, 250, 244, 0.06)' },
    brand(x, 46, 'left'),
  ];
  const title = fitText(c.title, { sizes: [34, 30, 26, 22], maxWidth: width, maxLines: 2, family: 'display', weight: 700 }, measure);
  const t = stack(title.lines, title.font, x, 46 + 12 + title.font.size, PALETTE.cream, 'left', 1.12);
  ops.push(...t.ops);
  let y = t.last + 32;
  // The date and the venue shrink to fit before anything is cut (issue 34: '28 November 2…').
  const date = fitText(c.date, { sizes: [17, 16, 15, 14, 13], maxWidth: width, maxLines: 1, family: 'sans', weight: 600 }, measure);
  ops.push({ kind: 'text', text: date.lines[0] ?? '', x, y, font: date.font, color: PALETTE.cream, align: 'left' });
  y += 23;
  const timeFont: FontSpec = { family: 'sans', weight: 400, size: 16 };
  ops.push({ kind: 'text', text: c.time, x, y, font: timeFont, color: PALETTE.apricot200, align: 'left' });
  y += 22;
  const venue = fitText(c.venue, { sizes: [15, 14, 13, 12], maxWidth: width, maxLines: 2, family: 'sans', weight: 400 }, measure);
  ops.push(...stack(venue.lines, venue.font, x, y, PALETTE.cream, 'left').ops);

  // Bottom band: price, what it includes and the trust line on the left; the QR code on the right.
  const qrSize = 96;
  const qrX = W - x - qrSize;
  const qrY = H - 28 - 20 - qrSize;
  const pill = pricePill(c.price, x, qrY, 48, 28, measure, 'left');
  ops.push(...pill.ops);
  const noteFont: FontSpec = { family: 'sans', weight: 400, size: 13 };
  const leftWidth = qrX - x - 16;
  const note = stack(wrapText(c.priceNote, leftWidth, noteFont, measure, 2), noteFont, x, qrY + 48 + 22, PALETTE.cream, 'left');
  ops.push(...note.ops);
  const trustFont: FontSpec = { family: 'sans', weight: 600, size: 12 };
  ops.push(...stack(wrapText(c.trust, leftWidth, trustFont, measure, 2), trustFont, x, note.last + 20, PALETTE.apricot, 'left').ops);
  ops.push(...qrTile(c.url, qrX, qrY, qrSize, { family: 'sans', weight: 600, size: 11 }));
  return ops;
}

/** Story, 300x533: one centred column, price and QR code anchored at the bottom. */
function storyLayout(c: FlyerContent, measure: Measure): FlyerOp[] {
  const W = 300;
  const H = 533;
  const cx = W / 2;
  const width = W - 48;
  const ops: FlyerOp[] = [
    { kind: 'gradient', x0: 0, y0: 0, x1: 0, y1: H, from: PALETTE.wine700, to: PALETTE.wine900 },
    { kind: 'circle', x: 270, y: 60, r: 110, color: 'rgba(246, 178, 107, 0.16)' },
    { kind: 'circle', x: 20, y: 500, r: 96, color: 'rgba(255, 250, 244, 0.06)' },
    brand(cx, 48, 'center'),
  ];

  // Anchored at the bottom: caption, QR tile, trust line, what the price includes, the price.
  const qrSize = 96;
  const qrY = H - 14 - 11 - 8 - qrSize;
  const trustFont: FontSpec = { family: 'sans', weight: 600, size: 12 };
  const trustLines = wrapText(c.trust, width, trustFont, measure, 2);
  const trustY = qrY - 18 - (trustLines.length - 1) * lineHeight(trustFont);
  const noteFont: FontSpec = { family: 'sans', weight: 400, size: 13 };
  const noteLines = wrapText(c.priceNote, width, noteFont, measure, 2);
  const noteY = trustY - 20 - (noteLines.length - 1) * lineHeight(noteFont);
  const pillTop = noteY - 22 - 44;

  // From the top: title, date, time, venue. A long title and venue give up lines until they clear the price.
  const top = (titleLines: number, venueLines: number) => {
    const title = fitText(c.title, { sizes: [34, 30, 26, 22], maxWidth: width, maxLines: titleLines, family: 'display', weight: 700 }, measure);
    const t = stack(title.lines, title.font, cx, 60 + title.font.size + 4, PALETTE.cream, 'center', 1.12);
    const out: FlyerOp[] = [...t.ops];
    let y = t.last + 32;
    // The date and the venue shrink to fit before anything is cut (issue 34: '12 Bury New Road, P…').
    const date = fitText(c.date, { sizes: [16, 15, 14, 13, 12], maxWidth: width, maxLines: 1, family: 'sans', weight: 600 }, measure);
    out.push({ kind: 'text', text: date.lines[0] ?? '', x: cx, y, font: date.font, color: PALETTE.cream, align: 'center' });
    y += 22;
    const timeFont: FontSpec = { family: 'sans', weight: 400, size: 15 };
    out.push({ kind: 'text', text: c.time, x: cx, y, font: timeFont, color: PALETTE.apricot200, align: 'center' });
    y += 22;
    const venueFit = fitText(c.venue, { sizes: [14, 13, 12, 11], maxWidth: width, maxLines: venueLines, family: 'sans', weight: 400 }, measure);
    const venue = stack(venueFit.lines, venueFit.font, cx, y, PALETTE.cream, 'center');
    out.push(...venue.ops);
    return { ops: out, last: venue.last };
  };
  const head = [top(3, 2), top(2, 2), top(2, 1)].find((h) => h.last + 16 <= pillTop) ?? top(1, 1);
  ops.push(...head.ops);

  // With room to spare between the venue and the price, a line on what the evening is.
  const taglineFont: FontSpec = { family: 'sans', weight: 400, size: 14 };
  const tagline = wrapText(TAGLINE, width, taglineFont, measure, 2);
  const taglineHeight = (tagline.length - 1) * lineHeight(taglineFont);
  if (head.last + 24 + taglineHeight + 18 <= pillTop) {
    ops.push(...stack(tagline, taglineFont, cx, Math.round((head.last + pillTop - taglineHeight) / 2 + 4), PALETTE.wine200, 'center').ops);
  }
  ops.push(...pricePill(c.price, cx, pillTop, 44, 26, measure, 'center').ops);
  ops.push(...stack(noteLines, noteFont, cx, noteY, PALETTE.cream, 'center').ops);
  ops.push(...stack(trustLines, trustFont, cx, trustY, PALETTE.apricot, 'center').ops);
  ops.push(...qrTile(c.url, cx - qrSize / 2, qrY, qrSize, { family: 'sans', weight: 600, size: 11 }));
  return ops;
}

/** Wide cover, 820x312: details on the left, the QR code on the right. */
function coverLayout(c: FlyerContent, measure: Measure): FlyerOp[] {
  const W = 820;
  const H = 312;
  const x = 40;
  const qrSize = 156;
  const qrX = W - 64 - qrSize;
  const width = qrX - x - 48;
  const ops: FlyerOp[] = [
    { kind: 'gradient', x0: 0, y0: 0, x1: W, y1: H, from: PALETTE.wine900, to: PALETTE.wine700 },
    { kind: 'circle', x: 780, y: 10, r: 150, color: 'rgba(246, 178, 107, 0.15)' },
    { kind: 'circle', x: 560, y: 340, r: 110, color: 'rgba(255, 250, 244, 0.05)' },
    brand(x, 50, 'left', 13),
  ];
  const title = fitText(c.title, { sizes: [40, 36, 32, 28], maxWidth: width, maxLines: 2, family: 'display', weight: 700 }, measure);
  const t = stack(title.lines, title.font, x, 50 + 14 + title.font.size, PALETTE.cream, 'left', 1.1);
  ops.push(...t.ops);
  let y = t.last + 34;
  const when = fitText(`${c.date} · ${c.time}`, { sizes: [18, 16, 14, 13, 12], maxWidth: width, maxLines: 1, family: 'sans', weight: 600 }, measure);
  ops.push({ kind: 'text', text: when.lines[0] ?? '', x, y, font: when.font, color: PALETTE.cream, align: 'left' });
  y += 24;
  const venue = fitText(c.venue, { sizes: [16, 15, 14, 13, 12], maxWidth: width, maxLines: 1, family: 'sans', weight: 400 }, measure);
  ops.push({ kind: 'text', text: venue.lines[0] ?? '', x, y, font: venue.font, color: PALETTE.apricot200, align: 'left' });

  // The price pill along the bottom, with what it includes and the trust line beside it.
  const pillTop = H - 40 - 48;
  const pill = pricePill(c.price, x, pillTop, 48, 28, measure, 'left');
  ops.push(...pill.ops);
  const sideX = pill.right + 18;
  const sideWidth = qrX - sideX - 24;
  const noteFont: FontSpec = { family: 'sans', weight: 400, size: 14 };
  ops.push({
    kind: 'text',
    text: wrapText(c.priceNote, sideWidth, noteFont, measure, 1)[0] ?? '',
    x: sideX,
    y: pillTop + 20,
    font: noteFont,
    color: PALETTE.cream,
    align: 'left',
  });
  const trustFont: FontSpec = { family: 'sans', weight: 600, size: 13 };
  ops.push({
    kind: 'text',
    text: wrapText(c.trust, sideWidth, trustFont, measure, 1)[0] ?? '',
    x: sideX,
    y: pillTop + 40,
    font: trustFont,
    color: PALETTE.apricot,
    align: 'left',
  });
  ops.push(...qrTile(c.url, qrX, Math.round((H - qrSize - 26) / 2), qrSize, { family: 'sans', weight: 600, size: 14 }));
  return ops;
}

const LAYOUTS: Record<FlyerKind, (c: FlyerContent, measure: Measure) => FlyerOp[]> = { social: socialLayout, story: storyLayout, cover: coverLayout };

/** Every drawing operation of one flyer, in CSS pixels of its spec size, in painting order. */
export function layoutFlyer(kind: FlyerKind, content: FlyerContent, measure: Measure): FlyerOp[] {
  return LAYOUTS[kind](content, measure);
}
