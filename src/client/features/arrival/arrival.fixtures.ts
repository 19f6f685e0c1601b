/**
 * Typed fixtures for the arrival feature's tests, shaped by src/shared/schemas/door.ts: an arrival
 * as the server answers it, a fake arrival server (fetch), and a fake phone (the Geolocation and
 * Permissions APIs at the edge of the world), which a test moves around the venue.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type { Arrival, ArrivalCheckInBody, ArrivalReportBody } from '@shared/schemas/arrival';
import { distanceMetres, isAtVenue } from '@shared/domain/arrival';
import { fromNow, HOUR, MINUTE } from '@client/test/fixtures';
import { Reply, type FakeRequest } from '@client/test/render';

export { fromNow, HOUR, MINUTE };

/** The demo's wine bar (src/server/demo/seed.ts). */
export const WINE_BAR = { latitude: 53.5331, longitude: -2.2847 };

type ArrivalOver = Partial<Omit<Arrival, 'event' | 'venue'>> & { event?: Partial<Arrival['event']>; venue?: Partial<Arrival['venue']> };

/** Tonight's evening (id 5) at the wine bar, starting in two hours (self check-in not open yet), not checked in. */
export function anArrival(over: ArrivalOver = {}): Arrival {
  const { event, venue, ...rest } = over;
  const date = event?.date ?? fromNow(2 * HOUR);
  return {
    event: {
      id: 5,
      title: 'Tonight at The Wine Bar',
      date,
      startTime: '19:00',
      endTime: '21:00',
      endsAt: new Date(new Date(date).getTime() + 2 * HOUR).toISOString(),
      expected: 44,
      ...event,
    },
    venue: { name: 'The Wine Bar', address: '12 Bury New Road', city: 'Prestwich', ...WINE_BAR, ...venue },
    checkedIn: false,
    checkedInAt: null,
    selfCheckInOpensAt: new Date(new Date(date).getTime() - HOUR).toISOString(),
    ticketCode: 'TKT-WINE-0044',
    last: null,
    ...rest,
  };
}

/**
 * GET/POST /api/events/5/arrival and /arrival/check-in as the server keeps them: reports update
 * `last`; a check-in succeeds unless `refuse` holds a reason (409).
 */
export function arrivalServer(initial: Arrival = anArrival(), { refuse = null }: { refuse?: string | null } = {}) {
  const state: Arrival = structuredClone(initial);
  const reports: ArrivalReportBody[] = [];
  const checkIns: ArrivalCheckInBody[] = [];
  const id = state.event.id;
  const venue = state.venue;
  const server: { state: Arrival; reports: ArrivalReportBody[]; checkIns: ArrivalCheckInBody[]; refuse: string | null; routes: Record<string, unknown> } = {
    state,
    reports,
    checkIns,
    refuse,
    routes: {
      [`GET /api/events/${id}/arrival`]: () => structuredClone(state),
      [`POST /api/events/${id}/arrival`]: (req: FakeRequest) => {
        const body = req.body as ArrivalReportBody;
        reports.push(body);
        let distanceM: number | null = null;
        let atVenue = false;
        if (body.permission === 'granted' && venue.latitude !== null && venue.longitude !== null) {
          distanceM = distanceMetres(body.position, { latitude: venue.latitude, longitude: venue.longitude });
          atVenue = isAtVenue(distanceM, body.position.accuracy);
        }
        state.last = { permission: body.permission, distanceM, atVenue, updatedAt: new Date().toISOString() };
        return structuredClone(state);
      },
      [`POST /api/events/${id}/arrival/check-in`]: (req: FakeRequest): Arrival | Reply => {
        checkIns.push(req.body as ArrivalCheckInBody);
        if (server.refuse) return new Reply(409, { message: server.refuse });
        state.checkedIn = true;
        state.checkedInAt = new Date().toISOString();
        return structuredClone(state);
      },
    },
  };
  return server;
}

/** The Permissions API's answer for geolocation, whose state the test can change. */
class FakePermissionStatus extends EventTarget {
  readonly name = 'geolocation';
  onchange: ((e: Event) => void) | null = null;
  constructor(public state: PermissionState) {
    super();
  }
}

interface Watcher {
  success: PositionCallback;
  error?: PositionErrorCallback | null;
  options?: PositionOptions;
}

/** Metres per degree of latitude on the sphere distanceMetres uses. */
const M_PER_DEG = (6_371_008.8 * Math.PI) / 180;

/** A point `metres` north of the wine bar: exactly that far from it. */
export const northOf = (metres: number) => ({ latitude: WINE_BAR.latitude + metres / M_PER_DEG, longitude: WINE_BAR.longitude });

/**
 * A fake phone. `permission` is what the browser has stored ('absent': no Permissions API).
 * `at(m)` reports a position m metres north of the venue to every watcher; `deny()` answers the
 * watchers with PERMISSION_DENIED; `setPermission()` changes the stored permission. `restore()`
 * puts the browser's own objects back.
 */
export function fakeGeolocation({ permission = 'prompt' }: { permission?: PermissionState | 'absent' } = {}) {
  const watchers = new Map<number, Watcher>();
  let nextId = 1;
  const status = new FakePermissionStatus(permission === 'absent' ? 'prompt' : permission);
  const geolocation = {
    watchPosition: vi.fn((success: PositionCallback, error?: PositionErrorCallback | null, options?: PositionOptions) => {
      const id = nextId++;
      watchers.set(id, { success, error, options });
      return id;
    }),
    clearWatch: vi.fn((id: number) => void watchers.delete(id)),
    getCurrentPosition: vi.fn(),
  };
  const permissions = permission === 'absent' ? undefined : { query: vi.fn(async () => status) };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  Object.defineProperty(navigator, 'permissions', { value: permissions, configurable: true });

  const positionError = (code: number, message: string) =>
    ({ code, message, PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }) as GeolocationPositionError;

  return {
    geolocation,
    permissions,
    /** Watches running now. */
    get watching() {
      return watchers.size;
    },
    /** The options of the newest watch. */
    get options() {
      return [...watchers.values()].at(-1)?.options;
    },
    /** The phone is `metres` north of the venue, with this accuracy. */
    at(metres: number, accuracy = 10) {
      const { latitude, longitude } = northOf(metres);
      const position = {
        coords: { latitude, longitude, accuracy, altitude: null, altitudeAccuracy: null, heading: null, speed: null },
        timestamp: Date.now(),
      } as GeolocationPosition;
      act(() => watchers.forEach((w) => w.success(position)));
    },
    /** The guest refuses (or has refused) location access. */
    deny() {
      act(() => watchers.forEach((w) => w.error?.(positionError(1, 'User denied Geolocation'))));
    },
    /** No fix in time (weak GPS). */
    timeout() {
      act(() => watchers.forEach((w) => w.error?.(positionError(3, 'Timeout expired'))));
    },
    /** The stored permission changes (the guest changes the site's settings). */
    setPermission(state: PermissionState) {
      status.state = state;
      act(() => void status.dispatchEvent(new Event('change')));
    },
    restore() {
      delete (navigator as { geolocation?: unknown }).geolocation;
      delete (navigator as { permissions?: unknown }).permissions;
    },
  };
}
