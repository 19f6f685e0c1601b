import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { EmojiReaction } from '@shared/schemas/feedback';
import { emojiFeedback } from '../../db/schema/index';
import { createEvent, eventBody, expectBadInput, signUp, withCookie } from '../../test/harness';
import { EVENT_ID_MISMATCH, REACT_CHECKED_IN_ONLY } from './service';
import { t, host, otherHost, admin, guest, outsider, venueId, begun, ahead, guestOf, checkInAtDoor, registerFeedbackFixtures } from './feedback.fixtures';

registerFeedbackFixtures();

/* ------------------------------------------------------------------ emoji */

const react = (eventId: number, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/feedback`, headers: withCookie(cookie), payload: payload as object });
const reactionOf = (eventId: number, userId: number, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/events/${eventId}/feedback/user/${userId}`, headers: withCookie(cookie) });
const reactions = (eventId: number | string) => t.app.inject({ method: 'GET', url: `/api/events/${eventId}/feedback` });

async function storedEmoji(eventId: number, userId: number) {
  const [row] = await t.db
    .select({ emoji: emojiFeedback.emoji, updatedAt: emojiFeedback.updatedAt })
    .from(emojiFeedback)
    .where(and(eq(emojiFeedback.eventId, eventId), eq(emojiFeedback.userId, userId)));
  return row ?? null;
}

describe('the emoji widget (POST/GET /api/events/{id}/feedback, §3 and §4 "Emoji feedback")', () => {
  it('a visitor may not react (401) and nothing is stored', async () => {
    const res = await react(ahead.id, { eventId: ahead.id, userId: guest.user.id, emoji: 'fire' });
    expect(res.statusCode).toBe(401);
    expect(await storedEmoji(ahead.id, guest.user.id)).toBeNull();
  });

  it('a checked-in guest reacts; the same emoji again changes nothing; another replaces it; one row per member', async () => {
    const m = await guestOf(ahead, 'Rita Reactor');
    const first = await react(ahead.id, { eventId: ahead.id, userId: m.user.id, emoji: 'heart-eyes' }, m.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<EmojiReaction>()).toEqual({ eventId: ahead.id, userId: m.user.id, emoji: 'heart-eyes' });
    const stored = await storedEmoji(ahead.id, m.user.id);

    const again = await react(ahead.id, { eventId: ahead.id, userId: m.user.id, emoji: 'heart-eyes' }, m.cookie);
    expect(again.statusCode).toBe(200);
    expect((await storedEmoji(ahead.id, m.user.id))!.updatedAt.getTime()).toBe(stored!.updatedAt.getTime());

    const other = await react(ahead.id, { eventId: ahead.id, userId: m.user.id, emoji: 'pensive' }, m.cookie);
    expect(other.json<EmojiReaction>().emoji).toBe('pensive');
    expect((await storedEmoji(ahead.id, m.user.id))!.emoji).toBe('pensive');
    const [n] = await t.db
      .select({ n: count() })
      .from(emojiFeedback)
      .where(and(eq(emojiFeedback.eventId, ahead.id), eq(emojiFeedback.userId, m.user.id)));
    expect(Number(n!.n)).toBe(1);

    expect((await reactionOf(ahead.id, m.user.id, m.cookie)).json<EmojiReaction>()).toEqual({ eventId: ahead.id, userId: m.user.id, emoji: 'pensive' });
  });

  // Issue 33: any member could react to any evening, and the public counts showed it.
  it('only guests checked in at the evening react: another evening’s guest, a guest who booked but never came, its host, another host and an admin get 403 and nothing is stored', async () => {
    const e = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0 }));
    const booked = await guestOf(e, 'Bea Booked', { checkedIn: false });
    for (const who of [outsider, booked, host, otherHost, admin]) {
      const res = await react(e.id, { eventId: e.id, userId: who.user.id, emoji: 'clap' }, who.cookie);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(REACT_CHECKED_IN_ONLY);
      expect(await storedEmoji(e.id, who.user.id)).toBeNull();
    }
    expect((await reactions(e.id)).json<{ emoji: string }[]>()).toEqual([]);
    // Once checked in, the same guest may.
    await checkInAtDoor(e.id, booked.user.id);
    expect((await react(e.id, { eventId: e.id, userId: booked.user.id, emoji: 'clap' }, booked.cookie)).statusCode).toBe(200);
    expect((await reactions(e.id)).json<{ emoji: string }[]>()).toEqual([{ emoji: 'clap' }]);
  });

  it('the public list counts only the reactions of checked-in guests (one stored earlier by anyone else is left out)', async () => {
    const e = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0 }));
    const came = await guestOf(e, 'Cara Came');
    const stranger = await signUp(t.app, { name: 'Stan Stranger' });
    expect((await react(e.id, { eventId: e.id, userId: came.user.id, emoji: 'fire' }, came.cookie)).statusCode).toBe(200);
    // As the old rule let any member store one.
    await t.db.insert(emojiFeedback).values({ eventId: e.id, userId: stranger.user.id, emoji: 'pensive' });
    expect((await reactions(e.id)).json<{ emoji: string }[]>()).toEqual([{ emoji: 'fire' }]);
  });

  it('the public list has one emoji per reaction and nothing about who gave it', async () => {
    const e = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0 }));
    const people = [await guestOf(e, 'Zed Secretname'), await guestOf(e), await guestOf(e)];
    const picks = ['fire', 'fire', 'hundred'] as const;
    for (const [i, p] of people.entries()) expect((await react(e.id, { eventId: e.id, userId: p.user.id, emoji: picks[i] }, p.cookie)).statusCode).toBe(200);
    const res = await reactions(e.id);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ emoji: string }[]>();
    expect(list.map((r) => r.emoji).sort()).toEqual(['fire', 'fire', 'hundred']);
    for (const row of list) expect(Object.keys(row)).toEqual(['emoji']);
    expect(res.body).not.toContain('Secretname');
    expect(res.body).not.toContain(String(people[0]!.user.id) + ',');
  });

  it('a member reads only their own reaction (403 for another member), admins any, visitors none', async () => {
    await react(begun.id, { eventId: begun.id, userId: guest.user.id, emoji: 'smile' }, guest.cookie);
    expect((await reactionOf(begun.id, guest.user.id, guest.cookie)).json<EmojiReaction>().emoji).toBe('smile');
    expect((await reactionOf(begun.id, guest.user.id, outsider.cookie)).statusCode).toBe(403);
    expect((await reactionOf(begun.id, guest.user.id, host.cookie)).statusCode).toBe(403);
    expect((await reactionOf(begun.id, guest.user.id, admin.cookie)).json<EmojiReaction>().emoji).toBe('smile');
    expect((await reactionOf(begun.id, guest.user.id)).statusCode).toBe(401);
    // Not reacted yet: emoji null.
    const fresh = await signUp(t.app);
    expect((await reactionOf(begun.id, fresh.user.id, fresh.cookie)).json<EmojiReaction>()).toEqual({ eventId: begun.id, userId: fresh.user.id, emoji: null });
  });

  it("an unknown evening is 404 'Event not found' on all three calls", async () => {
    for (const res of [
      await react(999_999, { eventId: 999_999, userId: guest.user.id, emoji: 'fire' }, guest.cookie),
      await reactions(999_999),
      await reactionOf(999_999, guest.user.id, guest.cookie),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe('Event not found');
    }
  });

  it('refuses a userId that is not the session’s (403) and an eventId that is not the address’s (400); nothing changes', async () => {
    const m = await signUp(t.app);
    const forOther = await react(ahead.id, { eventId: ahead.id, userId: guest.user.id, emoji: 'fire' }, m.cookie);
    expect(forOther.statusCode).toBe(403);
    const mismatch = expectBadInput(await react(ahead.id, { eventId: begun.id, userId: m.user.id, emoji: 'fire' }, m.cookie));
    expect(mismatch.message).toBe(EVENT_ID_MISMATCH);
    expect(mismatch.errors.map((e) => e.path)).toContain('eventId');
    expect(await storedEmoji(ahead.id, m.user.id)).toBeNull();
    expect(await storedEmoji(begun.id, m.user.id)).toBeNull();
  });

  it.each([
    ['an unknown emoji', { emoji: 'thumbs-up' }, 'emoji'],
    ['an emoji symbol instead of its key', { emoji: '🔥' }, 'emoji'],
    ['a missing emoji', { emoji: undefined }, 'emoji'],
    ['a text eventId', { eventId: 'one' }, 'eventId'],
    ['a userId of 0', { userId: 0 }, 'userId'],
    ['an extra field', { extra: true }, ''],
  ])('refuses %s with 400', async (_n, patch, path) => {
    const m = await signUp(t.app);
    const body = expectBadInput(await react(ahead.id, { eventId: ahead.id, userId: m.user.id, emoji: 'fire', ...patch }, m.cookie));
    if (path) expect(body.errors.map((e) => e.path)).toContain(path);
    expect(await storedEmoji(ahead.id, m.user.id)).toBeNull();
  });

  it('refuses an unreadable id in the address with 400', async () => {
    expectBadInput(await reactions('abc'));
    expectBadInput(await reactionOf(begun.id, 0 as number, guest.cookie));
  });
});
