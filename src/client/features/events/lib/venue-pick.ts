import type { Venue } from '@shared/schemas/venues';

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLocaleLowerCase('en-GB');

/**
 * The known venue with this name, address and city (ignoring case and spacing), if any. A venue
 * saved without an address (name and city are enough) is the same venue whatever address is typed.
 */
export function findVenue(venues: readonly Venue[], typed: { name: string; address: string; city: string }, preferId?: number | null): Venue | undefined {
  const sameAddress = (v: Venue) => norm(v.address) === '' || norm(v.address) === norm(typed.address);
  const same = (v: Venue) => norm(v.name) === norm(typed.name) && sameAddress(v) && norm(v.city) === norm(typed.city);
  // The viewer's own (bookable) venue before another host's of the same name and place.
  return (
    venues.find((v) => v.id === preferId && same(v)) ??
    venues.find((v) => v.canEdit && v.isActive && same(v)) ??
    venues.find((v) => v.canEdit && same(v)) ??
    venues.find((v) => v.isActive && same(v)) ??
    venues.find(same)
  );
}

/**
 * The four one-tap presets of the create-event form: the first four active venues the viewer may
 * book (its owner, co-hosts and admins: `canEdit`, docs/decisions/0012).
 */
export const presetVenues = (venues: readonly Venue[]) => venues.filter((v) => v.isActive && v.canEdit).slice(0, 4);

/** Why a host may not book another host's venue, and whom to ask (the server's refusal says the same, docs/decisions/0012). */
export function notYourVenue(v: Pick<Venue, 'name' | 'ownerName'>): string {
  return v.ownerName
    ? `${v.name} belongs to ${v.ownerName}. Only its owner, its co-hosts and admins can book it: ask ${v.ownerName} to add you as a co-host.`
    : `${v.name} has no owner any more, so only admins can book it. Ask an admin to book it for you or to give it an owner.`;
}
