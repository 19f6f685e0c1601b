/**
 * The share generator's posts (docs/spec/organiser-tools.md §2.1 and §2.29): one ready template per
 * platform and the custom generator's post, each a pure function of a real upcoming evening.
 *
 * Links: every post links to the evening's public page with `?source=<platform>-post`, so a visit,
 * a signup and a booked seat that follow it are counted for that post (docs/decisions/0047). The
 * spec's ready templates linked to the waitlist sign-up; a post is always about an evening that is
 * open for booking, so it sends people to book it rather than to a waitlist.
 */
import { SHARE_PLATFORMS, type SharePlatform } from './share-platforms';
import { eventLink } from './share-sources';
import { TIME_ZONE } from './time';

/** The six platforms of the Ready Templates, in the spec's order ('local' is Local Community). */
export { isSharePlatform, SHARE_PLATFORMS, type SharePlatform } from './share-platforms';

export const PLATFORM_NAMES: Record<SharePlatform, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'Twitter',
  whatsapp: 'WhatsApp',
  linkedin: 'LinkedIn',
  local: 'Local Community',
};

/** A template key: one per platform, or 'custom' for the Custom Generator's post. */
export const SHARE_TEMPLATE_KEYS = [...SHARE_PLATFORMS, 'custom'] as const;
export type ShareTemplateKey = (typeof SHARE_TEMPLATE_KEYS)[number];

/** Copy or Share. */
export const SHARE_ACTIONS = ['copy', 'share'] as const;
export type ShareAction = (typeof SHARE_ACTIONS)[number];

/** Tweet-style template maximum (docs/spec/organiser-tools.md §9). */
export const TWITTER_LIMIT = 280;
/** The share popup's size (docs/spec/organiser-tools.md §9). */
export const SHARE_POPUP = { width: 600, height: 400 } as const;
/** Where evenings happen when a venue names no town (docs/product.md: "Now in Prestwich"). */
export const HOME_TOWN = 'Prestwich';

/** Is this text one of the six platforms (a `?source=` value worth remembering)? */

/** The evening a post is about: the fields of GET /api/events/upcoming it needs. */
export interface ShareEvening {
  id: number;
  title: string;
  /** As stored: 'The Wine Bar, Prestwich' or just 'The Wine Bar'. */
  venue: string;
  /** The start as an ISO instant. */
  date: string;
  /** London wall-clock 'HH:MM'. */
  startTime: string;
  endTime: string;
  /** Pence. */
  price: number;
  maxParticipants: number;
  spotsLeft: number;
}

/** The spec's "Event for share post": title, venue, location, date, time, price, capacity (as shown). */
export interface SharePostFields {
  title: string;
  venue: string;
  location: string;
  date: string;
  time: string;
  price: string;
  capacity: string;
}

export interface ShareTemplate {
  id: SharePlatform;
  platform: SharePlatform;
  title: string;
  content: string;
  features: string[];
  characterLimit?: number;
  hashtags: string[];
  /** The link inside the content (with its source). */
  link: string;
}

/** The custom generator's fixed promotional blurb. */
export const PROMO_BLURB =
  "Meet 8-12 new people in relaxed five-minute conversations. Afterwards you privately choose who you'd like to see again, and we only share contact details when the feeling is mutual. Your first drink is on us!";

const HASHTAGS = ['#SpeedFriendship', '#Prestwich', '#MakeFriends', '#MeetNewPeople', '#Manchester'];

/* ------------------------------------------------------------------ links */

const trimOrigin = (origin: string) => origin.replace(/\/+$/, '');

/** A post's link: the evening's public page, counted for the post on `platform` ('whatsapp' → `?source=whatsapp-post`). */
export const bookingLink = (origin: string, eventId: number, platform: SharePlatform) => eventLink(trimOrigin(origin), eventId, `${platform}-post`);

/**
 * The platform's public share page for a post, or null where there is none to open (Instagram and
 * Local Community: the text is copied instead). Text and link are URL-encoded.
 */
export function sharePageUrl(platform: SharePlatform, post: { text: string; link: string }): string | null {
  const e = encodeURIComponent;
  switch (platform) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${e(post.link)}&quote=${e(post.text)}`;
    case 'twitter':
      return `https://twitter.com/intent/tweet?text=${e(post.text)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${e(post.link)}`;
    case 'whatsapp':
      return `https://wa.me/?text=${e(post.text)}`;
    default:
      return null;
  }
}

/* ------------------------------------------------------------------ fields */

let dayFormat: Intl.DateTimeFormat | undefined;
/** 'Wednesday 14 May' in London. */
function dayLabel(iso: string): string {
  const t = Date.parse(iso);
  if (Number.isNaN(t)) return '';
  dayFormat ??= new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' });
  return dayFormat.format(t).replace(',', '');
}

/** '19:00' → '7:00 PM'. */
function wallTime(hhmm: string): string {
  const m = /^(\d{1,2}):(\d{2})/.exec(hhmm);
  if (!m) return hhmm;
  const h = Number(m[1]);
  return `${h % 12 === 0 ? 12 : h % 12}:${m[2]} ${h >= 12 ? 'PM' : 'AM'}`;
}

/** Pence as whole pounds where whole: 1500 → '£15', 1250 → '£12.50', 0 → 'Free'. */
export function poundsLabel(pence: number): string {
  if (pence <= 0) return 'Free';
  return pence % 100 === 0 ? `£${pence / 100}` : `£${(pence / 100).toFixed(2)}`;
}

/** 'The Wine Bar, Prestwich' → venue 'The Wine Bar', location 'Prestwich'; no town → HOME_TOWN. */
export function splitVenue(stored: string): { venue: string; location: string } {
  const at = stored.lastIndexOf(', ');
  if (at <= 0) return { venue: stored.trim(), location: HOME_TOWN };
  return { venue: stored.slice(0, at).trim(), location: stored.slice(at + 2).trim() || HOME_TOWN };
}

export function postFields(e: ShareEvening): SharePostFields {
  const { venue, location } = splitVenue(e.venue);
  const left = Math.max(0, e.spotsLeft);
  return {
    title: e.title,
    venue,
    location,
    date: dayLabel(e.date),
    time: `${wallTime(e.startTime)} – ${wallTime(e.endTime)}`,
    price: poundsLabel(e.price),
    capacity: `Limited to ${e.maxParticipants} guests${left < e.maxParticipants ? ` (${left} ${left === 1 ? 'spot' : 'spots'} left)` : ''}`,
  };
}

/* ------------------------------------------------------------------ posts */

/** The tweet: the fullest version that fits 280 characters, shortening the title last. */
export function twitterPost(e: ShareEvening, link: string): string {
  const f = postFields(e);
  const tags = `${HASHTAGS[0]} ${HASHTAGS[1]}`;
  const build = (title: string, withTime: boolean, withTags: boolean) =>
    [
      `🍷 ${title}`,
      `📍 ${f.venue}, ${f.location}`,
      `📅 ${f.date}${withTime ? `, ${wallTime(e.startTime)}` : ''} · ${f.price}`,
      'Meet new friends in 5-min chats 🤝',
      `Join 👉 ${link}`,
      withTags ? tags : '',
    ]
      .filter(Boolean)
      .join('\n');
  for (const [time, tagsOn] of [
    [true, true],
    [true, false],
    [false, false],
  ] as const) {
    const text = build(f.title, time, tagsOn);
    if (text.length <= TWITTER_LIMIT) return text;
  }
  // Still too long (a very long title or venue): shorten the title, a character at a time, until it fits.
  const chars = Array.from(f.title);
  for (let n = chars.length - 1; n > 0; n--) {
    const text = build(`${chars.slice(0, n).join('')}…`, false, false);
    if (text.length <= TWITTER_LIMIT) return text;
  }
  return build('…', false, false).slice(0, TWITTER_LIMIT);
}

/** The six ready templates for an evening, links pointing at `origin`. */
export function readyTemplates(e: ShareEvening, origin: string): ShareTemplate[] {
  const f = postFields(e);
  const at = `${f.venue}, ${f.location}`;
  const when = `${f.date}, ${f.time}`;
  const link = (p: SharePlatform) => bookingLink(origin, e.id, p);
  return [
    {
      id: 'facebook',
      platform: 'facebook',
      title: 'Facebook Event Post',
      content: [
        `🍷 ${f.title} 🍷`,
        '',
        'Looking to make new friends? Join us for an evening of five-minute conversations with new people from the area!',
        '',
        `📍 ${at}`,
        `📅 ${when}`,
        `💷 ${f.price} per person, first drink included`,
        `👥 ${f.capacity}`,
        '',
        'You privately choose who you would like to see again, and contact details are only shared when it is mutual.',
        '',
        `Sign up here 👉 ${link('facebook')}`,
      ].join('\n'),
      features: ['Full event details', 'Sign-up link', 'Best for local groups'],
      hashtags: HASHTAGS.slice(0, 4),
      link: link('facebook'),
    },
    {
      id: 'instagram',
      platform: 'instagram',
      title: 'Instagram Caption',
      content: [
        `New friends, good wine, great conversations ✨`,
        '',
        `${f.title}`,
        `📍 ${at}`,
        `📅 ${when}`,
        `💷 ${f.price} with a welcome drink`,
        '',
        `Sign up at ${link('instagram')} (link in bio) 🥂`,
        '',
        HASHTAGS.join(' '),
      ].join('\n'),
      features: ['Caption with hashtags', 'Emoji friendly', 'Link in bio'],
      hashtags: [...HASHTAGS, '#FriendshipGoals'],
      link: link('instagram'),
    },
    {
      id: 'twitter',
      platform: 'twitter',
      title: 'Twitter Post',
      content: twitterPost(e, link('twitter')),
      features: ['Short and punchy', 'Fits in one tweet'],
      characterLimit: TWITTER_LIMIT,
      hashtags: HASHTAGS.slice(0, 3),
      link: link('twitter'),
    },
    {
      id: 'whatsapp',
      platform: 'whatsapp',
      title: 'WhatsApp Message',
      content: [
        `Hi! 👋 I'm going to ${f.title} and thought you might like it too.`,
        '',
        `It's at ${at} on ${when}. ${f.price} including a drink, and you meet 8-12 new people in five-minute chats.`,
        '',
        `Sign up here: ${link('whatsapp')}`,
      ].join('\n'),
      features: ['Personal invitation', 'Great for friends and groups'],
      hashtags: [],
      link: link('whatsapp'),
    },
    {
      id: 'linkedin',
      platform: 'linkedin',
      title: 'LinkedIn Post',
      content: [
        `Building a local network starts with a conversation.`,
        '',
        `I'm sharing ${f.title}: an evening of structured five-minute conversations with people new to the area and long-time locals alike.`,
        '',
        `📍 ${at}`,
        `📅 ${when}`,
        `🎟 ${f.price} per person`,
        '',
        `Reserve your place: ${link('linkedin')}`,
      ].join('\n'),
      features: ['Professional tone', 'Networking angle'],
      hashtags: ['#Networking', '#Community', HASHTAGS[1]!, '#Manchester'],
      link: link('linkedin'),
    },
    {
      id: 'local',
      platform: 'local',
      title: 'Local Community Board',
      content: [
        `FRIENDLY EVENING: ${f.title.toUpperCase()}`,
        '',
        `New to the area, or just want to widen your circle? Come along to ${at} on ${when}.`,
        `Five-minute conversations, a welcome drink, and a warm crowd. ${f.price} per person. ${f.capacity}.`,
        '',
        `Details and sign-up: ${link('local')}`,
      ].join('\n'),
      features: ['Noticeboards and newsletters', 'Plain text', 'No emoji'],
      hashtags: [],
      link: link('local'),
    },
  ];
}

/** The custom generator's post: the member's message, the evening's fields, the blurb and a booking link (for the post on `platform`, Facebook unless said). */
export function customPost(
  e: ShareEvening,
  origin: string,
  message: string,
  platform: SharePlatform = 'facebook',
): { fields: SharePostFields; link: string; text: string } {
  const fields = postFields(e);
  const link = bookingLink(origin, e.id, platform);
  const note = message.trim();
  const text = [
    ...(note ? [note, ''] : []),
    `🍷 ${fields.title}`,
    `📍 ${fields.venue}, ${fields.location}`,
    `📅 ${fields.date}`,
    `🕖 ${fields.time}`,
    `💷 ${fields.price} per person`,
    '',
    PROMO_BLURB,
    '',
    `👥 ${fields.capacity}`,
    `Book your place: ${link}`,
  ].join('\n');
  return { fields, link, text };
}
