import { MEETUP_LENGTH_MINUTES } from '@shared/domain/meetups';
import { TIME_ZONE } from '@shared/domain/time';
import { calendar } from '../../lib/ical';
import type { Mailer } from '../../plugins/mail';

/** What the mails of one meet-up need: its time, place and the people still in it. */
export interface MeetupMail {
  id: number;
  startsAt: Date;
  place: string;
  people: { id: number; name: string; email: string }[];
  /** The page it lives on (/friend-groups or /my-matches), absolute. */
  link: string;
  publicUrl: string;
}

const whenFmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});

export const meetupWhen = (at: Date) => whenFmt.format(at).replace(' at ', ', ');

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

/** "Emma", "Emma and Michael", "Emma, Michael and Sarah". */
export function namesList(names: string[]) {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The meet-up's calendar file for one person: the same UID for everyone, so a cancellation replaces it. */
function ics(m: MeetupMail, others: string, status: 'CONFIRMED' | 'CANCELLED') {
  return calendar(`Meet-up with ${others}`, [
    {
      uid: `meetup-${m.id}@speedfriendship`,
      start: m.startsAt,
      end: new Date(m.startsAt.getTime() + MEETUP_LENGTH_MINUTES * 60_000),
      summary: `Meet-up with ${others}`,
      description: `Planned together on Speed Friendship: ${m.link}`,
      location: m.place,
      url: m.link,
      status,
    },
  ]);
}

/** Each person still in the confirmed meet-up: when, where, with whom, and the .ics. Called once, by the answer that confirmed it. */
export async function sendConfirmed(mailer: Mailer, m: MeetupMail) {
  const when = meetupWhen(m.startsAt);
  for (const p of m.people) {
    const others = namesList(m.people.filter((o) => o.id !== p.id).map((o) => firstName(o.name)));
    await mailer.send({
      to: p.email,
      subject: `Meet-up confirmed: ${when}`,
      text: [
        `Hi ${firstName(p.name)},`,
        '',
        `Everyone has answered: you're meeting ${others} on ${when}.`,
        '',
        `When:  ${when}`,
        `Where: ${m.place}`,
        '',
        'The calendar file is attached. See the meet-up, or withdraw from it, here:',
        m.link,
        '',
        'Have a lovely time!',
        'Speed Friendship',
      ].join('\n'),
      html: `<p>Hi ${esc(firstName(p.name))},</p><p>Everyone has answered: you're meeting <strong>${esc(others)}</strong> on <strong>${esc(when)}</strong>.</p>
<p><strong>When:</strong> ${esc(when)}<br><strong>Where:</strong> ${esc(m.place)}</p>
<p>The calendar file is attached. <a href="${esc(m.link)}">See the meet-up, or withdraw from it</a>.</p><p>Have a lovely time!</p>`,
      attachments: [{ filename: 'meet-up.ics', content: ics(m, others, 'CONFIRMED'), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
    });
  }
}

/** The others of a confirmed meet-up its proposer called off: a short note and a calendar file that cancels it. */
export async function sendCancelled(mailer: Mailer, m: MeetupMail, byId: number) {
  const when = meetupWhen(m.startsAt);
  const by = m.people.find((p) => p.id === byId);
  for (const p of m.people.filter((x) => x.id !== byId)) {
    const others = namesList(m.people.filter((o) => o.id !== p.id).map((o) => firstName(o.name)));
    await mailer.send({
      to: p.email,
      subject: `Meet-up called off: ${when}`,
      text: [
        `Hi ${firstName(p.name)},`,
        '',
        `${by ? firstName(by.name) : 'Someone'} called off the meet-up on ${when} at ${m.place}. The attached calendar file removes it from your calendar.`,
        '',
        `Plan another one here: ${m.link}`,
        '',
        'Speed Friendship',
      ].join('\n'),
      attachments: [{ filename: 'meet-up.ics', content: ics(m, others, 'CANCELLED'), contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
    });
  }
}
