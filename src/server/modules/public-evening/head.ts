import { londonIsoString, TIME_ZONE } from '@shared/domain/time';
import { CARD_HEIGHT, CARD_WIDTH } from '@shared/domain/public-evening';
import { accessFeatures } from '@shared/domain/venue-access';
import type { PublicEvening } from '@shared/schemas/public-evening';
import type { PublicEveningWithDates } from './service';
import { wallTime } from './card';

/**
 * The head of a public evening's page, written into the SPA's index.html by the server, so a link
 * pasted into a messenger, or a search engine that reads no script, sees the evening: its title,
 * description, canonical address, Open Graph and Twitter card tags with the card image, and
 * schema.org Event JSON-LD (docs/decisions/0045). Every value is escaped: a title may hold
 * quotes, '<' or '</script>'.
 */

const SITE_NAME = 'Speed Friendship';

/** Text for an HTML attribute or element: &, <, >, " and ' escaped. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * JSON for a <script type="application/ld+json"> block: '<', '>' and '&' as \u escapes (so no
 * '</script>' or '<!--' can appear), and the two line separators JavaScript once choked on.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const longDate = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/**
 * 'Thursday 10 December 2026, 7:00 PM' (London): the start as the evening's page and flyers show
 * it, from its stored wall-clock time (issue 34).
 */
export function whenText(e: Pick<PublicEveningWithDates, 'date' | 'startTime'>): string {
  return `${longDate.format(new Date(e.date))}, ${wallTime(e.startTime)}`;
}

/**
 * 'The Wine Bar, Prestwich'; the venue's name alone when it already names its area ('The Church
 * Inn, Prestwich' is not followed by ', Prestwich' again).
 */
export function whereText(venue: Pick<PublicEveningWithDates['venue'], 'name' | 'city'>): string {
  const city = venue.city?.trim();
  if (!city || venue.name.toLowerCase().includes(city.toLowerCase())) return venue.name;
  return `${venue.name}, ${city}`;
}

/** '£15.00' (pence to pounds), 'Free' for 0. */
export function priceText(pence: number): string {
  return pence > 0 ? `£${(pence / 100).toFixed(2)}` : 'Free';
}

/** The preview's one-paragraph description (max ~200 characters, as messengers cut it). */
export function describe(e: PublicEveningWithDates): string {
  const head = `${whenText(e)} at ${whereText(e.venue)}.`;
  const tail =
    e.state === 'ended'
      ? 'This evening has ended.'
      : e.state === 'started'
        ? 'This evening has started.'
        : `Meet new people in five-minute conversations. ${priceText(e.price)}${e.state === 'full' ? ', full: join the waitlist.' : `, ${e.spotsLeft} ${e.spotsLeft === 1 ? 'spot' : 'spots'} left.`}`;
  return `${head} ${tail}`;
}

const SCHEMA = 'https://schema.org/';

/** schema.org Event for the evening (https://schema.org/Event, Google's event rich result fields). */
export function eventJsonLd(e: PublicEveningWithDates, publicUrl: string) {
  const geo =
    e.venue.latitude !== null && e.venue.longitude !== null
      ? { geo: { '@type': 'GeoCoordinates', latitude: e.venue.latitude, longitude: e.venue.longitude } }
      : {};
  // How to get in, for the facts its host told (docs/decisions/0077); none invented for the rest.
  const features = accessFeatures(e.venue.access);
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: e.title,
    description: e.description ?? describe(e),
    startDate: londonIsoString(new Date(e.date)),
    endDate: londonIsoString(new Date(e.endsAt)),
    eventStatus: `${SCHEMA}EventScheduled`,
    eventAttendanceMode: `${SCHEMA}OfflineEventAttendanceMode`,
    location: {
      '@type': 'Place',
      name: e.venue.name,
      address: {
        '@type': 'PostalAddress',
        streetAddress: e.venue.address || e.venue.name,
        ...(e.venue.city ? { addressLocality: e.venue.city } : {}),
        addressCountry: 'GB',
      },
      ...geo,
      ...(features.length ? { amenityFeature: features } : {}),
    },
    isAccessibleForFree: e.price === 0,
    image: [e.image],
    url: e.url,
    maximumAttendeeCapacity: e.maxParticipants,
    remainingAttendeeCapacity: e.spotsLeft,
    offers: {
      '@type': 'Offer',
      url: e.url,
      price: (e.price / 100).toFixed(2),
      priceCurrency: 'GBP',
      availability: `${SCHEMA}${e.state === 'open' ? 'InStock' : 'SoldOut'}`,
      validFrom: londonIsoString(new Date(e.createdAt)),
    },
    organizer: { '@type': 'Organization', name: SITE_NAME, url: publicUrl },
  };
}

/** The element holding the evening's JSON in the page (read by features/events/api/public-evening.ts). */
export const INLINE_EVENING_ID = 'sf-public-evening';

/** What GET /api/events/{id}/public answers, without the fields used only in the head. */
function publicPart(e: PublicEveningWithDates): PublicEvening {
  const { createdAt: _createdAt, ...pub } = e;
  return pub;
}

/** The tags for an evening's page. An ended evening stays indexable (its page says it has ended) but carries no JSON-LD. */
export function eveningHead(e: PublicEveningWithDates, publicUrl: string): { title: string; tags: string } {
  const title = `${e.title} · ${SITE_NAME}`;
  const description = describe(e);
  const upcoming = e.state !== 'ended';
  const imageAlt = `${e.title}: ${whenText(e)} at ${e.venue.name}`;
  const meta = (attr: 'name' | 'property', key: string, value: string | number) => `<meta ${attr}="${key}" content="${escapeHtml(String(value))}" />`;
  const tags = [
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(e.url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', e.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', e.url),
    meta('property', 'og:image', e.image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', CARD_WIDTH),
    meta('property', 'og:image:height', CARD_HEIGHT),
    meta('property', 'og:image:alt', imageAlt),
    meta('property', 'og:locale', 'en_GB'),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', e.title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', e.image),
    meta('name', 'twitter:image:alt', imageAlt),
    ...(upcoming ? [`<script type="application/ld+json">${jsonForScript(eventJsonLd(e, publicUrl))}</script>`] : []),
    // The page's own data, so the browser draws the evening without waiting for GET /api/events/{id}/public.
    `<script type="application/json" id="${INLINE_EVENING_ID}">${jsonForScript(publicPart(e))}</script>`,
  ].join('\n    ');
  return { title, tags };
}

/** The head for an address with no evening behind it: noindex, the SPA shows 'Event not found'. */
export function missingHead(): { title: string; tags: string } {
  return { title: `Event not found · ${SITE_NAME}`, tags: '<meta name="robots" content="noindex" />' };
}

/**
 * index.html with this page's <title> and its tags in place of the site's own description (the
 * SPA's file is read once; its <title> and description meta are replaced, the rest kept).
 */
export function withHead(indexHtml: string, head: { title: string; tags: string }): string {
  const withTitle = indexHtml.replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`);
  const withoutDescription = withTitle.replace(/\s*<meta name="description"[^>]*>/, '');
  return withoutDescription.replace('</head>', () => `  ${head.tags}\n  </head>`);
}
