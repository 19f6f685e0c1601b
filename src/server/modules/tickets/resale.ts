import { formatPounds } from '@shared/domain/constants';
import { TIME_ZONE } from '@shared/domain/time';
import type { PaymentProvider } from '../../plugins/payments';
import * as events from '../events/service';
import * as q from './queries';
import * as rq from './resale-queries';
import type { TicketMailDeps } from './ticket-mail';

/**
 * A paid seat given up inside REFUND_WINDOW_HOURS is refunded when someone else takes it
 * (issue 35, docs/decisions/0074-still-coming.md). The seat is claimed in the transaction that seats the
 * new guest (rq.claimResale); the refund is paid and mailed here, after that commit, and a sweep
 * pays any that a failed refund call left due.
 */

export interface ResaleDeps extends TicketMailDeps {
  payments: PaymentProvider;
  log: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}

export const awaitResale = rq.awaitResale;
export const claimResale = rq.claimResale;
export type ResaleClaim = rq.ResaleClaim;

/** The sentence a guest reads before giving up a paid seat inside the refund window, and in the e-mail after. */
export const resaleSentence = (amount: number) => `If someone else takes your place, you'll be refunded £${formatPounds(amount)}.`;

const dayFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' });

/** Pay a due resale refund once, then tell the guest. A failed refund call is logged and left due for the sweep. */
export async function payResale(d: ResaleDeps, claim: rq.ResaleClaim | null | undefined) {
  if (!claim) return false;
  let refundId: string;
  try {
    refundId = (await d.payments.refund(claim.intentId, claim.amount, `resale-${claim.intentId}`)).id;
  } catch (err) {
    d.log.error({ err, resaleId: claim.id }, 'resale refund failed; the sweep tries again');
    return false;
  }
  if (!(await rq.markResaleRefunded(d.db, claim.id, refundId))) return false;
  await q.setPaymentStatus(d.db, claim.paymentId, 'refunded', { refundId });
  await mailRefunded(d, claim).catch((err: unknown) => d.log.error({ err, resaleId: claim.id }, 'resale refund e-mail failed'));
  return true;
}

async function mailRefunded(d: ResaleDeps, claim: rq.ResaleClaim) {
  const event = await events.getEventRow(d.db, claim.eventId);
  const who = await events.contactOf(d.db, claim.userId);
  if (!who) return;
  await d.mailer.send({
    to: who.email,
    subject: `Refunded: your place at ${event.title}`,
    text: [
      `Hi ${who.name},`,
      '',
      `Someone else has taken the place you gave up at ${event.title} on ${dayFmt.format(event.date)}, so we have refunded your £${formatPounds(claim.amount)}.`,
      'It reaches your card within 5-10 working days.',
      '',
      `Other evenings: ${d.publicUrl}/events`,
      '',
      'Speed Friendship',
    ].join('\n'),
  });
}

/** The sweep's part: pay refunds left due for more than two minutes. Returns how many it paid. */
export async function payDueResales(d: ResaleDeps) {
  let paid = 0;
  for (const claim of await rq.dueResales(d.db, 120_000)) if (await payResale(d, claim)) paid++;
  return paid;
}
