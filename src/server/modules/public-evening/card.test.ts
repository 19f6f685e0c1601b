import { createCanvas } from '@napi-rs/canvas';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardContent, cardTag, drawCard, endedCardContent } from './card';

const evening = {
  title: 'Thursday Night Speed Friendship',
  date: '2030-11-28T19:00:00.000Z',
  startTime: '19:00',
  endTime: '21:00',
  price: 1500,
  url: 'https://speedfriendship.test/events/7',
  venue: { name: 'The Church Inn', address: '12 Bury New Road', city: 'Prestwich' },
};

/** The text the card draws, line by line. */
async function drawnText(c: ReturnType<typeof cardContent>) {
  const proto = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as { fillText: (text: string, x: number, y: number) => void };
  const spy = vi.spyOn(proto, 'fillText');
  spy.mockClear();
  await drawCard(c);
  return spy.mock.calls.map(([text]) => text);
}

afterEach(() => vi.restoreAllMocks());

describe('the card says what a scan leads to (issue 34)', () => {
  it("'Scan to book' for an open evening, 'Full: join the waitlist' for a full one, 'Ended' for one that is over", async () => {
    expect(cardContent({ ...evening, state: 'open' }).caption).toBe('Scan to book');
    expect(cardContent({ ...evening, state: 'full' }).caption).toBe('Full: join the waitlist');
    expect(endedCardContent('https://speedfriendship.test').caption).toBe('Ended');
    // A card drawn for the open evening is not reused once it is full.
    expect(cardTag(cardContent({ ...evening, state: 'full' }))).not.toBe(cardTag(cardContent({ ...evening, state: 'open' })));

    expect(await drawnText(cardContent({ ...evening, state: 'full' }))).toContain('Full: join the waitlist');
    expect(await drawnText(endedCardContent('https://speedfriendship.test'))).toContain('Ended');
    const open = await drawnText(cardContent({ ...evening, state: 'open' }));
    expect(open).toContain('Scan to book');
    expect(open).not.toContain('Full: join the waitlist');
  });
});

describe('no text is cut off', () => {
  it('the longest date, a long venue and its street address are drawn whole, beside a three-line title', async () => {
    const lines = await drawnText(
      cardContent({
        ...evening,
        state: 'full',
        title: 'An Extraordinarily Long Midsummer Evening of Speed Friendship and Board Games',
        date: '2030-11-27T19:00:00.000Z',
        startTime: '19:30',
        endTime: '22:30',
        venue: { name: 'The Old Bank Community Rooms and Garden Café', address: '12 Bury New Road, Sedgley Park', city: 'Prestwich' },
      }),
    );
    expect(lines.some((l) => /^Wednesday,? 27 November 2030$/.test(l))).toBe(true);
    const dateAt = lines.findIndex((l) => l.includes('27 November'));
    expect(lines.slice(1, dateAt).join(' ')).toBe('An Extraordinarily Long Midsummer Evening of Speed Friendship and Board Games');
    expect(lines).toContain('7:30 PM – 10:30 PM');
    expect(lines).toContain('The Old Bank Community Rooms and Garden Café');
    expect(lines).toContain('12 Bury New Road, Sedgley Park, Prestwich');
    expect(lines.filter((l) => l.includes('…'))).toEqual([]);
  });
});
