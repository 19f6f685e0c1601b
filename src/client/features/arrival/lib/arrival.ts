import { ARRIVAL_PROMPT_CLEAR_M } from '@shared/domain/arrival';

/**
 * Pure rules of the arrival screen (docs/spec/organiser-tools.md §2.21, §4 "Arrival", §8): the
 * denied text, the map link, when a position is worth reporting, and the "You've Arrived" prompt.
 */

/** The demo's venue (docs/product.md "Demo data"), which the spec's denied text names as "the wine bar venue". */
const isWineBar = (venueName: string) => /^(the )?wine bar$/i.test(venueName.trim());

/** §8 "Location denied (arrival)": verbatim for the wine bar, else with the venue's own name. */
export function deniedMessage(venueName: string): string {
  const where = isWineBar(venueName) || !venueName.trim() ? 'the wine bar venue' : venueName.trim();
  return `Location access was denied. You can still check in manually when you arrive at ${where}.`;
}

/** A map search for the venue's coordinates (opens the phone's maps app or Google Maps). */
export function mapLink(latitude: number, longitude: number): string {
  return `https://www.google.com/maps/search/?api=1&query=${latitude},${longitude}`;
}

/** '44 attendees expected', '1 attendee expected'. */
export function expectedText(n: number): string {
  return `${n} ${n === 1 ? 'attendee' : 'attendees'} expected`;
}

/** A heartbeat report at least this often while the guest is on the way (ms). */
export const REPORT_EVERY_MS = 30_000;
/** A move of more than this since the last report is worth telling the host (m)… */
export const REPORT_MOVE_M = 25;
/** …but not more often than this (a phone in a moving car calls back every second) (ms). */
export const REPORT_MIN_GAP_MS = 5_000;

export interface SentReport {
  atVenue: boolean;
  distanceM: number;
  at: number;
}

/**
 * Is this position worth a POST? Not on every watch callback: the first one, a change between
 * At Venue and En Route (at once), a move of more than REPORT_MOVE_M (at most every
 * REPORT_MIN_GAP_MS), else once REPORT_EVERY_MS has passed since the last report.
 */
export function shouldReport(last: SentReport | null, next: { atVenue: boolean; distanceM: number }, now: number): boolean {
  if (!last) return true;
  if (last.atVenue !== next.atVenue) return true;
  const since = now - last.at;
  if (since >= REPORT_EVERY_MS) return true;
  return Math.abs(next.distanceM - last.distanceM) > REPORT_MOVE_M && since >= REPORT_MIN_GAP_MS;
}

/** The "You've Arrived" prompt: open, and whether "Not Yet" put it away until the guest leaves. */
export interface PromptState {
  open: boolean;
  dismissed: boolean;
}

export const PROMPT_CLOSED: PromptState = { open: false, dismissed: false };

/**
 * §4 "Arrival": At Venue while not checked in opens the prompt (unless "Not Yet" dismissed it);
 * going farther than twice the radius clears it, and a later arrival prompts again. A check-in
 * closes it. Between the radius and twice it, the prompt stays as it is (no flicker at the edge).
 */
export function nextPrompt(state: PromptState, at: { atVenue: boolean; distanceM: number; checkedIn: boolean }): PromptState {
  if (at.checkedIn) return state.open ? { ...state, open: false } : state;
  if (at.distanceM > ARRIVAL_PROMPT_CLEAR_M) return state.open || state.dismissed ? PROMPT_CLOSED : state;
  if (at.atVenue && !state.open && !state.dismissed) return { open: true, dismissed: false };
  return state;
}
