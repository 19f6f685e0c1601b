/**
 * The public evening page (docs/decisions/0045): its address, its picture, its map link. Pure, so
 * the server's HTML head, the sitemap, the card and the browser's page agree on them.
 */

/** The evening's public page: the address a flyer's QR code and a shared link open. */
export const eveningPath = (id: number) => `/events/${id}`;

/** The link-preview card drawn on the server (1200x630 PNG). */
export const eveningCardPath = (id: number) => `/api/events/${id}/card.png`;

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** 'Hannah Host' → 'Hannah': a visitor sees the host's first name only. */
export function firstName(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/**
 * A map of the venue on OpenStreetMap: by its coordinates when known (a pin), else a search for
 * its address. A plain link: no map script or frame is loaded on our page.
 */
export function mapLink(venue: { name: string; address: string; city: string | null; latitude: number | null; longitude: number | null }): string {
  if (venue.latitude !== null && venue.longitude !== null && Number.isFinite(venue.latitude) && Number.isFinite(venue.longitude)) {
    const lat = venue.latitude.toFixed(5);
    const lon = venue.longitude.toFixed(5);
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
  }
  const query = [venue.name, venue.address, venue.city].filter((s) => s && s.trim()).join(', ');
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(query)}`;
}

/** The venue's address on one line: 'The Wine Bar, 12 Bury New Road, Prestwich'. */
export function addressLine(venue: { address: string; city: string | null }): string {
  return [venue.address, venue.city]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(', ');
}

/**
 * Where an evening is, on one line, each part once: its venue's name, street and town
 * ('The Wine Bar, 12 Bury New Road, Prestwich'). A name that already ends in the town
 * ('The Wine Bar, Prestwich') says it once, at the end. The ticket e-mail and the calendar's LOCATION.
 */
export function placeLine(name: string, venue: { address: string; city: string | null } | null | undefined): string {
  const address = venue?.address.trim() ?? '';
  const city = venue?.city?.trim() ?? '';
  let shown = name.trim();
  if (city && address && shown.toLowerCase().endsWith(`, ${city.toLowerCase()}`)) shown = shown.slice(0, -(city.length + 2)).trimEnd();
  const parts = [shown, address].filter(Boolean);
  if (city && !parts.some((p) => p.toLowerCase().includes(city.toLowerCase()))) parts.push(city);
  return parts.join(', ');
}
