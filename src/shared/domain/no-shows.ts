import { TIME_ZONE } from './time';

/**
 * No-shows have a cost (GitHub issue 35, docs/decisions/0076-no-shows-have-a-cost.md): a member
 * with `limit` no-shows within `windowDays` cannot book free evenings or join a waitlist for
 * `pauseDays` from the latest of them. Paid evenings stay bookable. The numbers are settings
 * (NO_SHOW_LIMIT, NO_SHOW_WINDOW_DAYS, NO_SHOW_PAUSE_DAYS); these are their defaults.
 */
export interface NoShowRule {
  limit: number;
  windowDays: number;
  pauseDays: number;
}

export const NO_SHOW_RULE_DEFAULTS: NoShowRule = { limit: 2, windowDays: 183, pauseDays: 30 };

/** An admin's reason for clearing a no-show: required, and short (it is shown to the member). */
export const CLEAR_REASON_MIN = 3;
export const CLEAR_REASON_MAX = 300;

const DAY_MS = 86_400_000;

export interface NoShowPause {
  /** The instant the pause ends. */
  until: Date;
  /** The no-shows within the window that started it (at least `limit`). */
  count: number;
}

/**
 * Until when free bookings and waitlists are paused, from the times of the member's evenings missed
 * (cleared no-shows left out), or null. A no-show starts a pause when it is the `limit`-th or later
 * within the window that ends at it; the pause runs `pauseDays` from it. The latest such pause counts.
 */
export function noShowPause(missed: readonly Date[], now: Date, rule: NoShowRule): NoShowPause | null {
  const times = missed.map((d) => d.getTime()).sort((a, b) => a - b);
  let best: NoShowPause | null = null;
  for (let i = 0; i < times.length; i++) {
    const at = times[i]!;
    const count = times.filter((t) => t <= at && t > at - rule.windowDays * DAY_MS).length;
    if (count < rule.limit) continue;
    const until = new Date(at + rule.pauseDays * DAY_MS);
    if (!best || until.getTime() > best.until.getTime()) best = { until, count };
  }
  return best && best.until.getTime() > now.getTime() ? best : null;
}

/** The window in words: 183 days is 'six months', 14 days '14 days'. */
export function windowInWords(days: number): string {
  const months = Math.round(days / 30.5);
  if (days >= 28 && Math.abs(months * 30.5 - days) <= 3) {
    const words = ['', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
    return months === 1 ? 'one month' : `${words[months] ?? months} months`;
  }
  return days === 1 ? 'one day' : `${days} days`;
}

const untilFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const untilTimeFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** 'Sunday, 27 December 2026 at 19:00' (London time). */
export const formatPauseEnd = (until: Date) => `${untilFmt.format(until)} at ${untilTimeFmt.format(until)}`;

/** What the member is told (the server's 409, and the evening page before they try): why, and until when. */
export function noShowPauseMessage(pause: NoShowPause, rule: NoShowRule): string {
  return (
    `You missed ${pause.count} evenings you had booked in ${windowInWords(rule.windowDays)} without cancelling, so you can't book free evenings ` +
    `or join a waitlist until ${formatPauseEnd(pause.until)}. Paid evenings are still open to you. If illness or an emergency kept you away, ` +
    'contact us and an admin can clear a no-show.'
  );
}
