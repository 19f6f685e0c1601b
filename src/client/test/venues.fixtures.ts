/** Typed fixtures for the organiser screens: venues, slots and events as the server answers them. */
import { londonDay } from '@shared/domain/time';
import type { Event } from '@shared/schemas/events';
import { NO_ACCESS_FACTS, venueAccessInput, type VenueAccess, type VenueAccessInput } from '@shared/schemas/venue-access';
import type { Slot, Venue } from '@shared/schemas/venues';
import { Reply } from '@client/test/render';

/** A refusal as the server's error handler writes it: the sentence twice, and the field errors. */
export const refusal = (status: number, message: string, errors?: { path: string; message: string }[]) =>
  new Reply(status, errors ? { message, error: message, errors } : { message, error: message });

/** A venue; its access facts as the server stores what was sent (none told by default). */
export function venue(over: Partial<Omit<Venue, 'access'>> & { access?: VenueAccess | VenueAccessInput } = {}): Venue {
  return {
    id: 1,
    name: 'The Wine Wallop',
    address: '12 Bury New Road',
    city: 'Prestwich',
    capacity: 40,
    amenities: ['wifi', 'bar'],
    contactInfo: null,
    pricePerHour: 5000,
    isActive: true,
    latitude: null,
    longitude: null,
    activeEventCount: 0,
    nextEvent: 'No upcoming events',
    calendarUrl: 'https://speedfriendship.test/api/venues/1/calendar.ics?token=abc',
    canEdit: true,
    canManageHosts: true,
    ownerName: 'Hana Host',
    ...over,
    access: over.access ? venueAccessInput.parse(over.access) : NO_ACCESS_FACTS,
  };
}

/** Five venues: four active (the presets), one inactive. */
export const VENUES: Venue[] = [
  venue({
    id: 1,
    name: 'The Wine Wallop',
    address: '12 Bury New Road',
    city: 'Prestwich',
    capacity: 40,
    activeEventCount: 2,
    nextEvent: 'Wine Night · 2030-05-14 19:00',
  }),
  venue({ id: 2, name: 'Church Inn', address: '1 Church Lane', city: 'Prestwich', capacity: 30, activeEventCount: 1, amenities: ['music'] }),
  venue({ id: 3, name: 'Café Brew', address: '', city: 'Whitefield', capacity: 25, amenities: [] }),
  venue({ id: 4, name: 'The Library Bar', address: '5 Bridge Street', city: 'Manchester', capacity: 60 }),
  venue({ id: 5, name: 'Old Mill', address: '9 Mill Lane', city: 'Prestwich', capacity: 80, isActive: false }),
];

export function slot(over: Partial<Slot> = {}): Slot {
  return {
    id: 100,
    venueId: 1,
    day: '2030-05-14',
    startTime: '18:30',
    endTime: '21:30',
    kind: 'available',
    maxCapacity: 45,
    reason: null,
    notes: null,
    eventId: null,
    eventTitle: null,
    registrations: null,
    ...over,
  };
}

export function event(over: Partial<Event> = {}): Event {
  return {
    id: 42,
    title: 'Wine Bar Speed Friendship',
    description: null,
    date: '2030-05-14T18:00:00.000Z',
    endsAt: '2030-05-14T21:00:00.000Z',
    startTime: '19:00',
    endTime: '22:00',
    venue: 'The Wine Wallop',
    venueId: 1,
    price: 1500,
    status: 'upcoming',
    maxParticipants: 30,
    participantCount: 12,
    spotsLeft: 18,
    seatsHeldForWaitlist: 0,
    ageRangeMin: 25,
    ageRangeMax: 40,
    roundDuration: 300,
    hostId: 9,
    ...over,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** London's today as YYYY-MM-DD (evenings are in Prestwich, whatever the machine's zone). */
export const londonToday = (now = new Date()): string => londonDay(now);

/** The 15th of the month after London's today: always in the future, always one 'Next month' away. */
export function fifteenthOfNextMonth(now = new Date()): string {
  const [y, m] = londonToday(now).split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m, 15));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-15`;
}

/**
 * A day's accessible name, whichever calendar draws it: 'Wednesday 14 May 2025' (our grid) or
 * 'Wednesday, May 14th, 2025' (react-day-picker's default). Weekday, day beside month, and year in any order.
 */
export function dayName(day: string): RegExp {
  const date = new Date(`${day}T12:00:00Z`);
  const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'long', timeZone: 'UTC' }).format(date);
  const month = new Intl.DateTimeFormat('en-GB', { month: 'long', timeZone: 'UTC' }).format(date);
  const dom = date.getUTCDate();
  // The day of the month beside its month ('1 November', 'November 1st'): a label's other numbers ('1 available') are not it.
  const dayOfMonth = `(\\b${dom}(st|nd|rd|th)? ${month}\\b|\\b${month} ${dom}(st|nd|rd|th)?\\b)`;
  return new RegExp(`^(?=.*${weekday})(?=.*${dayOfMonth})(?=.*${date.getUTCFullYear()})`, 'i');
}
