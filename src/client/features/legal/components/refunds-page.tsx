import { CalendarX2, CreditCard, DoorOpen, Mail, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { REFUND_WINDOW_HOURS } from '@shared/domain/constants';
import { Card } from '@client/components/ui/card';
import { Page, PageTitle } from '@client/components/ui/page';
import { useDocumentTitle } from '@client/lib/document-title';
import { CONTACT_EMAIL } from './site-footer';

/**
 * /refunds: the cancellation and refund rule as the tickets module applies it
 * (modules/tickets/service.ts `cancel`), for anyone, linked from the evening page, the checkout
 * and the ticket e-mail.
 */
export function RefundsPage() {
  useDocumentTitle('Cancellations and refunds · Speed Friendship');
  return (
    <Page>
      <PageTitle sub="Plans change. Here is what happens to your place and your money.">Cancellations and refunds</PageTitle>
      <div className="space-y-4">
        <Rule icon={<RotateCcw aria-hidden="true" className="size-5" />} title={`${REFUND_WINDOW_HOURS} hours or more before the start: a full refund`}>
          Cancel from the evening's page (Cancel registration, on your ticket) at least {REFUND_WINDOW_HOURS} hours before the evening starts and you get all
          your money back, to the card you paid with, within 5-10 working days. Your place goes to the next person on the waitlist.
        </Rule>
        <Rule
          icon={<CalendarX2 aria-hidden="true" className="size-5" />}
          title={`Less than ${REFUND_WINDOW_HOURS} hours before: no refund, unless someone takes your place`}
        >
          You can still cancel (or answer &ldquo;I can&apos;t make it&rdquo; when we ask whether you&apos;re still coming), so someone else may have your place.
          The payment is not refunded then, but if someone else books a place at that evening after you gave yours up, we refund you in full and e-mail you (the
          earliest place given up is refunded first).
        </Rule>
        <Rule icon={<DoorOpen aria-hidden="true" className="size-5" />} title="Once the evening has started">
          A place can no longer be cancelled once the evening has started, or once you have checked in at the door.
        </Rule>
        <Rule icon={<CreditCard aria-hidden="true" className="size-5" />} title="If the evening filled up while you paid">
          Should the last place go while your payment is on its way, you are not charged for nothing: the payment is refunded in full, automatically.
        </Rule>
        <Rule icon={<Mail aria-hidden="true" className="size-5" />} title="Something else?">
          Write to us at{' '}
          <a href={`mailto:${CONTACT_EMAIL}`} className="font-semibold text-wine-800 underline underline-offset-4">
            {CONTACT_EMAIL}
          </a>
          . Free evenings cost nothing to cancel; please do, so someone on the waitlist can come. See also our{' '}
          <Link to="/privacy" className="font-semibold text-wine-800 underline underline-offset-4">
            privacy page
          </Link>
          .
        </Rule>
      </div>
    </Page>
  );
}

function Rule({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="flex gap-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-apricot-100 text-wine-700">{icon}</span>
      <div>
        <h2 className="text-lg font-semibold text-wine-900">{title}</h2>
        <p className="mt-1 leading-relaxed text-ink">{children}</p>
      </div>
    </Card>
  );
}
