import { TIME_ZONE } from '@shared/domain/time';
import type { MailMessage } from '../../plugins/mail';

const dateFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface InviteMailInput {
  to: { email: string; firstName: string };
  /** The sender's first name: the only thing the invitee learns about them. */
  fromFirstName: string;
  event: { id: number; title: string; date: Date; startTime: string; venue: string };
  stopToken: string;
}

/** Where the e-mail's stop link leads: /missed-connections calls POST /api/invites/stop with the token, no login needed. */
export const stopLink = (publicUrl: string, token: string) => `${publicUrl}/missed-connections?stop=${encodeURIComponent(token)}`;

/**
 * A follow-up invite (docs/spec/organiser-tools.md §2.26; docs/product.md "Organiser tools are
 * real"): the sender's first name and the invited evening, never a rating or a reason, and a link
 * to stop invites from this person.
 */
export function inviteMail(publicUrl: string, m: InviteMailInput): MailMessage {
  const link = `${publicUrl}/events/${m.event.id}`;
  const stop = stopLink(publicUrl, m.stopToken);
  const when = `${dateFmt.format(m.event.date)}, ${m.event.startTime}`;
  return {
    to: m.to.email,
    subject: `${m.fromFirstName} invited you to ${m.event.title}`,
    text: [
      `Hi ${m.to.firstName},`,
      '',
      `${m.fromFirstName} would love to see you at another speed friendship evening and invited you to come along.`,
      '',
      `${m.event.title}`,
      `When:  ${when}`,
      `Where: ${m.event.venue}`,
      '',
      `See the evening and book a place: ${link}`,
      '',
      `Don't want follow-up invites from ${m.fromFirstName}? Stop invites from ${m.fromFirstName}: ${stop}`,
      '',
      'Speed Friendship',
    ].join('\n'),
    html: `<p>Hi ${esc(m.to.firstName)},</p>
<p>${esc(m.fromFirstName)} would love to see you at another speed friendship evening and invited you to come along.</p>
<p><strong>${esc(m.event.title)}</strong><br><strong>When:</strong> ${esc(when)}<br><strong>Where:</strong> ${esc(m.event.venue)}</p>
<p><a href="${esc(link)}">See the evening and book a place</a></p>
<p style="color:#666;font-size:13px">Don't want follow-up invites from ${esc(m.fromFirstName)}? <a href="${esc(stop)}">Stop invites from ${esc(m.fromFirstName)}</a></p>`,
  };
}
