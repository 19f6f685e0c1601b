import { Accessibility, ClipboardCheck, Construction, LifeBuoy, ListChecks, MessageSquareWarning } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardTitle } from '@client/components/ui/card';
import { Page, PageTitle } from '@client/components/ui/page';
import { BarrierReportForm } from './barrier-report-form';
import { BarrierReportList } from './barrier-report-list';
import { CONTACT_EMAIL } from './site-footer';

/** When this statement was last checked against the product (docs/decisions/0078 says how to review it). */
export const LAST_REVIEWED = '28 November 2026';

const linkClass = 'font-semibold text-wine-700 underline underline-offset-2 hover:text-wine-900';

function Section({ id, icon: Icon, title, children }: { id: string; icon: typeof Accessibility; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Card>
        <CardTitle id={id} className="flex items-center gap-2">
          <Icon aria-hidden="true" className="size-6 shrink-0 text-wine-700" />
          {title}
        </CardTitle>
        <div className="mt-3 space-y-3 text-ink">{children}</div>
      </Card>
    </section>
  );
}

/**
 * /accessibility-statement (public): the standard we aim at, how we check it, what does not meet it
 * yet, and how to ask for help or tell us about a barrier (docs/decisions/0078). `admin` adds the
 * reports sent so far (the server checks the role again).
 */
export function AccessibilityStatement({ admin }: { admin: boolean }) {
  return (
    <Page>
      <PageTitle sub={`Everyone should be able to book an evening, find their table and follow every round. Last reviewed ${LAST_REVIEWED}.`}>
        Accessibility statement
      </PageTitle>
      <div className="space-y-5">
        <Section id="a11y-aim" icon={Accessibility} title="What we aim for">
          <p>
            Speed Friendship aims to meet the <strong>Web Content Accessibility Guidelines (WCAG) 2.2 at level AA</strong> on every page, on phones and on
            computers.
          </p>
          <ul className="list-disc space-y-2 pl-5">
            <li>Every page works with a screen reader and with the keyboard alone, and text can be enlarged.</li>
            <li>
              During an evening, the change of round is shown on screen, can sound a bell and vibrate the phone, and can be read aloud with{' '}
              <Link to="/accessibility" className={linkClass}>
                voice narration
              </Link>
              . None of them relies on sound alone, and you can turn each off.
            </li>
            <li>The log-in code can be pasted or filled in by your phone: there is no puzzle to solve and no password to remember.</li>
          </ul>
        </Section>

        <Section id="a11y-how" icon={ListChecks} title="How we check">
          <ul className="list-disc space-y-2 pl-5">
            <li>
              Every change to the site opens every screen in Chromium, as a visitor, a member, a host and an admin, on a phone-sized and a computer-sized
              screen, and checks it with the axe engine against WCAG 2.2 A and AA and its best practices. On the phone it also measures every button and link
              against the 24-pixel target size.
            </li>
            <li>
              The evening's page, the checkout, the round timer and the check-in desk are opened 320 pixels wide with the text at double size, and nothing may
              be cut off or scroll sideways. Tabbing through the evening's page, the checkout and the round timer, each control stays in view.
            </li>
            <li>A journey follows a whole evening by voice narration alone. Our performance runs also score the public pages with Lighthouse.</li>
          </ul>
        </Section>

        <Section id="a11y-gaps" icon={Construction} title="What does not meet it yet">
          <ul className="list-disc space-y-2 pl-5">
            <li>
              Only the four screens above are checked at 320 pixels wide with double-size text so far. We are adding the other screens hosts use by the end of
              January 2027; tell us if one gets in your way before then.
            </li>
            <li>
              Not every venue has told us yet how to get in (a step-free entrance, an accessible toilet, a hearing loop). Where it has, each evening page shows
              it under Getting in; where it has not, ask us and we will find out before you book.
            </li>
          </ul>
        </Section>

        <Section id="a11y-help" icon={LifeBuoy} title="Getting help">
          <p>
            Help is in the same place on every page: the <strong>Accessibility</strong> and <strong>Contact us</strong> links at the foot of the page (and on
            your profile when you are signed in).
          </p>
          <p>
            E-mail us at{' '}
            <a href={`mailto:${CONTACT_EMAIL}`} className={linkClass}>
              {CONTACT_EMAIL}
            </a>{' '}
            if you need something in another format, or help at an evening (a quiet table, a seat near the door, a host who knows you lip-read). We answer
            within two working days.
          </p>
        </Section>

        <Section id="a11y-report" icon={MessageSquareWarning} title="Report a barrier">
          <p>If something on this site got in your way, tell us here. It goes straight to our admins; you do not need an account.</p>
          <BarrierReportForm />
        </Section>

        {admin && (
          <section aria-labelledby="barrier-reports">
            <Card>
              <CardTitle id="barrier-reports" className="flex items-center gap-2">
                <ClipboardCheck aria-hidden="true" className="size-6 shrink-0 text-wine-700" />
                Barriers reported (admins only)
              </CardTitle>
              <div className="mt-3">
                <BarrierReportList />
              </div>
            </Card>
          </section>
        )}
      </div>
    </Page>
  );
}
