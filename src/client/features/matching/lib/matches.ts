import { AUTO_RELEASE_HOURS, MIN_MATCH_RATING } from '@shared/domain/constants';
import { londonDay } from '@shared/domain/time';
import type { Match, PendingRelease } from '@shared/schemas/matching';
import { formatDate, formatTime, listNames } from '@client/lib/format';

export type MatchPerson = Match['user1'];

/** The other person of a match, from the viewer's side. */
export const counterpart = (m: Match, userId: number): MatchPerson => (m.user1Id === userId ? m.user2 : m.user1);

/** Rating labels (docs/spec/member-app.md §9). */
export const RATING_LABELS: Record<number, string> = {
  1: 'Not a match',
  2: 'Maybe',
  3: 'Good connection',
  4: 'Great connection',
  5: 'Amazing connection!',
};
export const RATING_VALUES = [1, 2, 3, 4, 5] as const;

/** The ratings that make a match when both sides give one (at least MIN_MATCH_RATING), in words: '4 or 5'. */
export const MATCHING_RATINGS_TEXT = orList(RATING_VALUES.filter((v) => v >= MIN_MATCH_RATING).map(String));

/** 'a', 'a or b', 'a, b or c'. */
function orList(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/**
 * Phone digits for a messaging link (docs/spec/member-app.md: digits extracted, a leading 0 becomes 44).
 * Null when there are too few digits to be a phone number.
 */
export function phoneDigits(phone: string | null | undefined): string | null {
  if (!phone) return null;
  // '+44 (0)7700…' writes the trunk 0 in brackets: it is not dialled after the country code.
  let digits = phone.replace(/^\s*\+?\s*(\d{1,3})\s*\(0\)/, '$1').replace(/\D/g, '');
  if (digits.length < 7) return null;
  if (digits.startsWith('00'))
    digits = digits.slice(2); // the international prefix, as '+'
  else if (digits.startsWith('0')) digits = `44${digits.slice(1)}`;
  return digits;
}

const WA = 'https://wa.me/';

/** An outbound WhatsApp link to one person, with a prefilled message. */
export function whatsappLink(phone: string | null | undefined, message: string): string | null {
  const digits = phoneDigits(phone);
  return digits ? `${WA}${digits}?text=${encodeURIComponent(message)}` : null;
}

/** A WhatsApp link that opens the app with a prefilled message (the member picks or creates the group). */
export const whatsappShareLink = (message: string) => `${WA}?text=${encodeURIComponent(message)}`;

/** The first word of a name: 'Alex' for 'Alex Jordan'. */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

export const individualMessage = (name: string, eventTitle: string | undefined) =>
  `Hi ${firstName(name)}! We matched at ${eventTitle ? `${eventTitle}` : 'Speed Friendship'}. It was lovely chatting. Fancy meeting up for a coffee or a drink soon?`;

export const groupMessage = (names: string[], eventTitle: string | undefined) =>
  `Hi ${listNames(names.map(firstName))}! We all matched at ${eventTitle ?? 'Speed Friendship'}, so let's keep the conversation going in a group chat. Who's up for meeting again soon?`;

/** The phone as shown: the member's own text. */
export const smsLink = (phone: string) => `sms:${phone.replace(/[^\d+]/g, '')}`;
export const mailtoLink = (email: string, subject: string) => `mailto:${email}?subject=${encodeURIComponent(subject)}`;

export const isPastEvent = (e: { date: string; status: string }, now = Date.now()) => e.status === 'completed' || new Date(e.date).getTime() < now;

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The evening /matching-dashboard opens on: tonight's (today in London: the latest that has
 * started, else the first still to come), else the next one, else the most recent.
 * `soon` is soonest first, `past` most recent first.
 */
export function defaultEvening<T extends { id: number; date: string }>(soon: T[], past: T[], now: Date = new Date()): T | null {
  const today = londonDay(now);
  const at = (e: T) => new Date(e.date).getTime();
  const tonight = [...soon, ...past].filter((e) => londonDay(new Date(e.date)) === today).sort((a, b) => at(a) - at(b));
  if (tonight.length) return tonight.filter((e) => at(e) <= now.getTime()).at(-1) ?? tonight[0]!;
  return soon[0] ?? past[0] ?? null;
}

/** 'Your matches from Spring Social will be shared by Thursday, 15 May 2025 at 10:00 PM, at the latest 24 hours after the evening.' */
export function pendingText(p: PendingRelease, now: number = Date.now()) {
  if (new Date(p.releaseBy).getTime() <= now) return `Your matches from ${p.eventTitle} are being shared now.`;
  return `Your matches from ${p.eventTitle} will be shared by ${formatDate(p.releaseBy, 'long')} at ${formatTime(p.releaseBy)}, at the latest ${AUTO_RELEASE_HOURS} hours after the evening.`;
}
