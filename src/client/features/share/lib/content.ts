import type { FlyerKind } from './flyers';

/**
 * The copy around the flyers of /promotions (docs/spec/organiser-tools.md §2.5 names 'suggested
 * uses' and 'marketing tips'; the words are ours).
 */

/** Where each flyer works best. */
export const SUGGESTED_USES: Record<FlyerKind, readonly string[]> = {
  social: [
    'Instagram and Facebook feed posts',
    'WhatsApp and neighbourhood group chats',
    'Local community pages and newcomers’ groups',
    'Printed for a café, library or gym noticeboard: the QR code works on paper too',
  ],
  story: [
    'Instagram and Facebook stories, with a link sticker to the evening',
    'Your WhatsApp status',
    'Sending straight to a friend who keeps saying they want to meet new people',
  ],
  cover: [
    'The cover photo of a Facebook event or group',
    'The banner of an email newsletter',
    'A LinkedIn or X header while the evening is coming up',
    'A slide on the venue’s screen in the weeks before',
  ],
};

/** How to fill the room. */
export const MARKETING_TIPS: readonly { title: string; text: string }[] = [
  { title: 'Post twice', text: 'Share about 10 days before the evening, then again two days before: most people decide in the final week.' },
  { title: 'Bring the venue in', text: 'Tag the venue and ask them to share the post. Their regulars are your next guests.' },
  { title: 'Go where people want to meet people', text: 'Neighbourhood, newcomers’ and hobby groups are full of people looking for new friends.' },
  { title: 'Pick your moment', text: 'Early evening, when people plan their week, gets the most eyes on a post.' },
  {
    title: 'Say what’s included',
    text: 'Mention that the price covers venue access and a welcome drink, and that contact details are only shared when two people both choose each other.',
  },
  { title: 'Put it on paper', text: 'Print the square post for noticeboards: anyone can scan the QR code and book on the spot.' },
];
