import QRCode from 'qrcode';
import { describe, expect, test } from 'vitest';
import { anEvent, DAY, fromNow, HOUR } from '@client/test/fixtures';
import {
  BRAND,
  CTA,
  eventUrl,
  fitText,
  flyerAlt,
  flyerContent,
  flyerPrice,
  FLYERS,
  layoutFlyer,
  nextEvening,
  PRICE_NOTE,
  pngSize,
  TRUST,
  TAGLINE,
  TRUST_FREE,
  wrapText,
  type FlyerContent,
  type FlyerOp,
  type FontSpec,
  type Measure,
} from './flyers';

/** A stand-in for canvas measureText: every character half the font size wide (bold a little wider). */
const measure: Measure = (text, font) => Array.from(text).length * font.size * (font.weight === 700 ? 0.56 : 0.5);
/** A wider face, as some phones' system fonts are. */
const wideMeasure: Measure = (text, font) => Array.from(text).length * font.size * (font.weight === 700 ? 0.68 : 0.62);
const sans16: FontSpec = { family: 'sans', weight: 400, size: 16 };

// Wednesday 14 May 2025, 7:00 PM in London (BST).
const WINE_BAR = anEvent({
  id: 7,
  title: 'Wine Bar Speed Friendship',
  date: '2025-05-14T18:00:00.000Z',
  startTime: '19:00',
  endTime: '21:00',
  venue: 'The Wine Wallop, Prestwich',
  price: 1500,
});
const CONTENT = flyerContent(WINE_BAR, 'https://speedfriendship.test');

describe('the three flyers', () => {
  test('square social post 400x400, story 300x533, wide cover 820x312, with their file names', () => {
    expect(FLYERS.map((f) => [f.name, f.width, f.height, f.fileName])).toEqual([
      ['Social Post', 400, 400, 'social-post.png'],
      ['Instagram Story', 300, 533, 'instagram-story.png'],
      ['Facebook Cover', 820, 312, 'facebook-cover.png'],
    ]);
  });

  test('the PNGs are drawn at exactly twice those sizes', () => {
    expect(FLYERS.map((f) => pngSize(f))).toEqual([
      { width: 800, height: 800 },
      { width: 600, height: 1066 },
      { width: 1640, height: 624 },
    ]);
  });
});

describe('flyerPrice: pounds without decimals', () => {
  test.each([
    [1500, '£15'],
    [2500, '£25'],
    [1800, '£18'],
    [0, 'Free'],
    [150_000, '£1,500'],
  ])('%i pence → %s', (pence, shown) => {
    expect(flyerPrice(pence)).toBe(shown);
  });

  test('an amount that is not whole pounds keeps its pence rather than show a wrong price', () => {
    expect(flyerPrice(1250)).toBe('£12.50');
  });
});

describe('what a flyer says', () => {
  test("the evening's title, date, time, venue and price, what the price includes, and its page", () => {
    expect(CONTENT).toEqual({
      title: 'Wine Bar Speed Friendship',
      date: 'Wednesday, 14 May 2025',
      time: '7:00 PM – 9:00 PM',
      venue: 'The Wine Wallop, Prestwich',
      price: '£15',
      priceNote: 'Includes venue access and a welcome drink',
      trust: 'Secure payment · Instant confirmation',
      url: 'https://speedfriendship.test/events/7?source=flyer-qr',
    });
  });

  test('a free evening says Free and promises no payment', () => {
    const free = flyerContent({ ...WINE_BAR, price: 0 }, 'https://speedfriendship.test');
    expect(free.price).toBe('Free');
    expect(free.trust).toBe(TRUST_FREE);
  });

  test('the QR code leads to the evening page on this site', () => {
    expect(eventUrl('http://127.0.0.1:4173', 12)).toBe('http://127.0.0.1:4173/events/12?source=flyer-qr');
    expect(eventUrl('https://example.org/', 3)).toBe('https://example.org/events/3?source=flyer-qr');
  });

  test('the text alternative states everything the flyer shows', () => {
    expect(flyerAlt(FLYERS[0]!, CONTENT)).toBe(
      'Social Post flyer, 400 by 400: Wine Bar Speed Friendship. Wednesday, 14 May 2025, 7:00 PM – 9:00 PM, at The Wine Wallop, Prestwich. ' +
        'Price £15, includes venue access and a welcome drink. Secure payment, Instant confirmation. QR code to https://speedfriendship.test/events/7?source=flyer-qr.',
    );
    expect(flyerAlt(FLYERS[2]!, { ...CONTENT, price: 'Free' })).toContain('Free entry, includes venue access and a welcome drink.');
  });
});

describe('nextEvening', () => {
  test('the soonest upcoming evening that has not started yet', () => {
    const later = anEvent({ id: 1, date: fromNow(9 * DAY) });
    const soon = anEvent({ id: 2, date: fromNow(2 * DAY) });
    const underway = anEvent({ id: 3, date: fromNow(-HOUR) });
    const done = anEvent({ id: 4, date: fromNow(DAY), status: 'completed' });
    expect(nextEvening([later, underway, done, soon])?.id).toBe(2);
  });

  test('none when nothing is still to come', () => {
    expect(nextEvening([])).toBeNull();
    expect(nextEvening([anEvent({ date: fromNow(-HOUR) })])).toBeNull();
  });
});

describe('wrapText and fitText', () => {
  test('words wrap greedily within the width', () => {
    // 8 px a character at 16 px: 80 px is 10 characters.
    expect(wrapText('Meet new people over a drink', 80, sans16, measure)).toEqual(['Meet new', 'people', 'over a', 'drink']);
    expect(wrapText('  one   line ', 200, sans16, measure)).toEqual(['one line']);
  });

  test('a word wider than a line is broken between characters', () => {
    expect(wrapText('Supercalifragilistic', 80, sans16, measure)).toEqual(['Supercalif', 'ragilistic']);
  });

  test('with maxLines, the last line ends with an ellipsis and still fits', () => {
    const lines = wrapText('Meet new people over a drink', 80, sans16, measure, 2);
    expect(lines).toEqual(['Meet new', 'people ov…']); // 10 characters: exactly 80 px
    for (const l of lines) expect(measure(l, sans16)).toBeLessThanOrEqual(80);
  });

  test('fitText takes the largest size that fits the lines, else cuts at the smallest', () => {
    const opts = { sizes: [40, 30, 20], maxWidth: 200, maxLines: 1, family: 'display', weight: 400 } as const;
    expect(fitText('Short', opts, measure).font.size).toBe(40); // 5 × 20 = 100
    expect(fitText('A bit longer', opts, measure).font.size).toBe(30); // 12 × 15 = 180
    const cut = fitText('A very long evening title indeed', opts, measure);
    expect(cut.font.size).toBe(20);
    expect(cut.lines).toHaveLength(1);
    expect(cut.lines[0]).toMatch(/…$/);
  });
});

describe('layoutFlyer', () => {
  type TextOp = Extract<FlyerOp, { kind: 'text' }>;
  const texts = (ops: FlyerOp[]) => ops.filter((o): o is TextOp => o.kind === 'text');
  /** A text line's box: its measured width placed by its alignment, from ascent to descent. */
  let m: Measure = measure;
  const box = (t: TextOp) => {
    const w = m(t.text, t.font) + (t.tracking ?? 0) * t.text.length;
    const left = t.align === 'left' ? t.x : t.align === 'center' ? t.x - w / 2 : t.x - w;
    return { left, right: left + w, top: t.y - t.font.size * 0.8, bottom: t.y + t.font.size * 0.22 };
  };
  type Box = ReturnType<typeof box>;
  const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

  const LONG: FlyerContent = {
    ...CONTENT,
    title: 'The Extraordinarily Long Northern Quarter Newcomers Speed Friendship Night',
    venue: 'The Very Long Named Corner Coffee House and Wine Bar, 123 Bury New Road, Prestwich',
  };

  describe.each(FLYERS.map((f) => [f.name, f] as const))('%s', (_name, spec) => {
    test.each([
      ['the sample evening', CONTENT, measure],
      ['a long title and venue', LONG, measure],
      ['a free evening', { ...CONTENT, price: 'Free', trust: TRUST_FREE }, measure],
      ['a wide font', CONTENT, wideMeasure],
      ['a long title and venue in a wide font', LONG, wideMeasure],
      ['a three-line title and a long venue in a wide font', { ...LONG, title: 'Friday Pub Quiz and Chat Night' }, wideMeasure],
    ] as const)('with %s: every line says its part, inside the flyer, and no two lines collide', (_case, content, widths) => {
      m = widths;
      const ops = layoutFlyer(spec.kind, content, widths);
      const lines = texts(ops);
      const all = lines.map((t) => t.text).join(' ');

      expect(lines[0]?.text).toBe(BRAND);
      expect(lines.map((t) => t.text)).toContain(content.price);
      expect(lines.map((t) => t.text)).toContain(CTA);
      for (const part of [content.date, content.time]) expect(all).toContain(part);
      if (content === CONTENT && widths === measure) {
        for (const part of [content.title, content.venue, PRICE_NOTE, TRUST]) expect(all.replace(/\s+/g, ' ')).toContain(part);
      } else {
        // Cut to fit, never dropped: each starts as it should.
        expect(all).toContain(content.title.split(' ').slice(0, 2).join(' '));
        expect(all).toContain(content.venue.split(' ').slice(0, 2).join(' '));
      }

      for (const t of lines) {
        const b = box(t);
        expect(b.left, t.text).toBeGreaterThanOrEqual(0);
        expect(b.right, t.text).toBeLessThanOrEqual(spec.width);
        expect(b.top, t.text).toBeGreaterThanOrEqual(0);
        expect(b.bottom, t.text).toBeLessThanOrEqual(spec.height);
      }
      for (let i = 0; i < lines.length; i++) {
        for (let j = i + 1; j < lines.length; j++) {
          expect(overlap(box(lines[i]!), box(lines[j]!)), `'${lines[i]!.text}' and '${lines[j]!.text}'`).toBe(false);
        }
      }

      // A shape (the price pill, the QR tile) holds only the lines drawn inside it.
      for (const r of ops.filter((o) => o.kind === 'rect')) {
        const rect = { left: r.x, right: r.x + r.w, top: r.y, bottom: r.y + r.h };
        expect(rect.left).toBeGreaterThanOrEqual(0);
        expect(rect.right).toBeLessThanOrEqual(spec.width);
        expect(rect.bottom).toBeLessThanOrEqual(spec.height);
        for (const t of lines) {
          const b = box(t);
          const inside = b.left >= rect.left && b.right <= rect.right && b.top >= rect.top && b.bottom <= rect.bottom;
          if (!inside) expect(overlap(b, rect), `'${t.text}' and a shape`).toBe(false);
        }
      }

      // One QR code of the evening's page, on its white tile, clear of every line of text.
      const qrs = ops.filter((o) => o.kind === 'qr');
      expect(qrs).toHaveLength(1);
      const qr = qrs[0]!;
      expect(qr.text).toBe(content.url);
      expect(qr.size).toBeGreaterThanOrEqual(80);
      expect(qr.x).toBeGreaterThanOrEqual(0);
      expect(qr.y).toBeGreaterThanOrEqual(0);
      expect(qr.x + qr.size).toBeLessThanOrEqual(spec.width);
      expect(qr.y + qr.size).toBeLessThanOrEqual(spec.height);
      const qrBox = { left: qr.x, right: qr.x + qr.size, top: qr.y, bottom: qr.y + qr.size };
      for (const t of lines) expect(overlap(box(t), qrBox), t.text).toBe(false);

      // The background fills the flyer first.
      expect(ops[0]?.kind).toBe('gradient');
    });
  });

  // Issue 34: '28 November 2…' and '12 Bury New Road, P…' on the printed flyers.
  test.each(FLYERS.map((f) => [f.name, f] as const))('%s: the longest date and a venue with its street are shown whole, in a wide font', (_name, spec) => {
    const content: FlyerContent = {
      ...CONTENT,
      title: 'Thursday Night Speed Friendship',
      date: 'Wednesday 28 November 2029',
      venue: 'The Church Inn, 12 Bury New Road, Prestwich',
    };
    const lines = texts(layoutFlyer(spec.kind, content, wideMeasure)).map((t) => t.text);
    expect(lines.filter((l) => l.includes('…'))).toEqual([]);
    const all = lines.join(' ');
    expect(all).toContain('Wednesday 28 November 2029');
    expect(all).toContain('The Church Inn,');
    expect(all).toContain('12 Bury New Road, Prestwich');
  });

  test('the story adds a line on what the evening is when a short title leaves room', () => {
    const says = (c: FlyerContent) => texts(layoutFlyer('story', c, measure)).map((t) => t.text);
    expect(says({ ...CONTENT, title: 'Friday Social' })).toContain(TAGLINE);
    expect(says({ ...CONTENT, title: 'Friday Pub Quiz and Chat Night' })).not.toContain(TAGLINE); // three lines at full size
  });

  test('the QR code is readable at the size drawn: at least 2 flyer pixels (4 PNG pixels) a module', () => {
    const modules = QRCode.create(CONTENT.url, { errorCorrectionLevel: 'M' }).modules.size;
    for (const spec of FLYERS) {
      const qr = layoutFlyer(spec.kind, CONTENT, measure).find((o) => o.kind === 'qr')!;
      expect(qr.size / modules).toBeGreaterThanOrEqual(2);
    }
  });
});
