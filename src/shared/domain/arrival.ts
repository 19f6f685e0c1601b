/**
 * Arrival rules (docs/spec/organiser-tools.md §2.20-2.21, §4 "Arrival"; docs/product.md "Events,
 * payment, capacity"): a guest is at the venue within ARRIVAL_RADIUS_M; the prompt clears beyond
 * twice that; a position less precise than MAX_POSITION_ACCURACY_M proves nothing.
 */
export const ARRIVAL_RADIUS_M = 50;
/** The "You've Arrived" prompt clears when the guest is farther than twice the radius. */
export const ARRIVAL_PROMPT_CLEAR_M = ARRIVAL_RADIUS_M * 2;
/**
 * A reported position whose accuracy radius is wider than this cannot place a guest at the door:
 * the geofence itself (issue 21: a position 40 m away "accurate to 100 m" may be 140 m away).
 */
export const MAX_POSITION_ACCURACY_M = ARRIVAL_RADIUS_M;
/** Geolocation options of the arrival screen (spec §7): high accuracy, 30 s timeout, 60 s maximum age. */
export const ARRIVAL_GEO_OPTIONS = { enableHighAccuracy: true, timeout: 30_000, maximumAge: 60_000 } as const;
/** Vibration for an urgent host message (spec §9): 200, 100, 200 ms. */
export const URGENT_VIBRATION_MS = [200, 100, 200] as const;
/** How many recent check-ins the door shows (spec §2.19). */
export const RECENT_CHECK_INS = 5;
/** Scheduled reminder e-mails: hours before the start. */
export const REMINDER_HOURS = { '24h': 24, '2h': 2 } as const;

/**
 * The evening's own day, for what only makes sense on it ("Tips for tonight", "your host will start
 * the first round soon"): from this many hours before the start until the evening ends (issue 22).
 * 12 hours: the morning of a 7 PM evening, never the day before nor 12 days ahead.
 */
export const EVENING_DAY_HOURS = 12;

/** Is `now` on the evening's day: within EVENING_DAY_HOURS before its start, up to its end? */
export function isEveningDay(e: { date: string | Date; endsAt: string | Date }, now: number): boolean {
  const start = new Date(e.date).getTime();
  return now >= start - EVENING_DAY_HOURS * 3_600_000 && now <= new Date(e.endsAt).getTime();
}

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres between two points (haversine). */
export function distanceMetres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A distance as the arrival screen shows it: metres below 1000 ("420 m"), else km with one decimal ("1.3 km"). */
export function formatDistance(metres: number): string {
  if (metres < 1000) return `${Math.round(metres)} m`;
  return `${(metres / 1000).toFixed(1)} km`;
}

/** Is a reported position close and precise enough to count as being at the venue? */
export function isAtVenue(distanceM: number, accuracyM: number): boolean {
  return distanceM <= ARRIVAL_RADIUS_M && accuracyM <= MAX_POSITION_ACCURACY_M;
}
