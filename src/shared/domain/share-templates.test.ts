import { describe, expect, it } from 'vitest';
import {
  bookingLink,
  customPost,
  postFields,
  PROMO_BLURB,
  readyTemplates,
  SHARE_PLATFORMS,
  sharePageUrl,
  splitVenue,
  TWITTER_LIMIT,
  twitterPost,
  type ShareEvening,
} from './share-templates';

/** Wednesday 14 May 2025, 7:00 PM in London (18:00 UTC). */
const evening: ShareEvening = {
  id: 7,
  title: 'Wine Bar Speed Friendship',
  venue: 'The Wine Bar, Prestwich',
  date: '2025-05-14T18:00:00.000Z',
  startTime: '19:00',
  endTime: '21:00',
  price: 1500,
  maxParticipants: 40,
  spotsLeft: 17,
};
const origin = 'https://friends.example';

describe('share templates', () => {
  it('fills the six platforms, in order, from the evening', () => {
    const list = readyTemplates(evening, origin);
    expect(list.map((t) => t.platform)).toEqual([...SHARE_PLATFORMS]);
    for (const t of list) {
      expect(t.content.toLowerCase()).toContain('wine bar speed friendship');
      expect(t.content).toContain('Wednesday 14 May');
      // The evening's public page, not the waitlist: the evening is open for booking.
      expect(t.link).toBe(`${origin}/events/7?source=${t.platform}-post`);
      expect(t.content).toContain(t.link);
      expect(t.features.length).toBeGreaterThan(0);
    }
    const fb = list[0]!;
    expect(fb.content).toContain('📍 The Wine Bar, Prestwich');
    expect(fb.content).toContain('📅 Wednesday 14 May, 7:00 PM – 9:00 PM');
    expect(fb.content).toContain('£15 per person');
    expect(fb.content).toContain('Limited to 40 guests (17 spots left)');
    expect(list.find((t) => t.platform === 'twitter')!.characterLimit).toBe(TWITTER_LIMIT);
    expect(list.filter((t) => t.characterLimit !== undefined)).toHaveLength(1);
  });

  it('keeps the tweet within 280 characters, however long the title', () => {
    expect(twitterPost(evening, bookingLink(origin, 7, 'twitter')).length).toBeLessThanOrEqual(TWITTER_LIMIT);
    const long = { ...evening, title: 'A very long evening title '.repeat(12), venue: 'The Grand Old Assembly Rooms of the Borough, Prestwich' };
    const tweet = twitterPost(long, bookingLink(origin, 7, 'twitter'));
    expect(tweet.length).toBeLessThanOrEqual(TWITTER_LIMIT);
    expect(tweet).toContain('…');
    expect(tweet).toContain(`${origin}/events/7?source=twitter-post`);
  });

  it('reads the venue and town, prices in pounds, and capacity', () => {
    expect(splitVenue('The Wine Bar, Prestwich')).toEqual({ venue: 'The Wine Bar', location: 'Prestwich' });
    expect(splitVenue('Corner Café')).toEqual({ venue: 'Corner Café', location: 'Prestwich' });
    expect(postFields({ ...evening, price: 1250, spotsLeft: 40 })).toMatchObject({ price: '£12.50', capacity: 'Limited to 40 guests' });
    expect(postFields({ ...evening, price: 0, spotsLeft: 1 })).toMatchObject({ price: 'Free', capacity: 'Limited to 40 guests (1 spot left)' });
  });

  it('builds the custom post with the message first and a booking link for facebook', () => {
    const post = customPost(evening, `${origin}/`, '  Come with me!  ');
    expect(post.link).toBe(`${origin}/events/7?source=facebook-post`);
    expect(post.text.startsWith('Come with me!\n')).toBe(true);
    expect(post.text).toContain(PROMO_BLURB);
    expect(post.text).toContain(`Book your place: ${post.link}`);
    expect(customPost(evening, origin, '   ').text.startsWith('🍷 Wine Bar Speed Friendship')).toBe(true);
    expect(bookingLink(origin, 3, 'whatsapp')).toBe(`${origin}/events/3?source=whatsapp-post`);
    expect(customPost(evening, origin, '', 'linkedin').link).toBe(`${origin}/events/7?source=linkedin-post`);
  });

  it("opens the platforms' public share pages with the text and link encoded", () => {
    const post = { text: 'Hi & welcome #SpeedFriendship', link: `${origin}/events/7?source=facebook-post` };
    expect(sharePageUrl('facebook', post)).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(post.link)}&quote=${encodeURIComponent(post.text)}`,
    );
    expect(sharePageUrl('twitter', post)).toBe('https://twitter.com/intent/tweet?text=Hi%20%26%20welcome%20%23SpeedFriendship');
    expect(sharePageUrl('linkedin', post)).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(post.link)}`);
    expect(sharePageUrl('whatsapp', post)).toBe(`https://wa.me/?text=${encodeURIComponent(post.text)}`);
    expect(sharePageUrl('instagram', post)).toBeNull();
    expect(sharePageUrl('local', post)).toBeNull();
  });
});
