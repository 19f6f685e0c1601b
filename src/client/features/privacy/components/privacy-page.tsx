import { CalendarX2, Clock, Download, Eye, Flag, ShieldCheck } from 'lucide-react';
import { windowInWords } from '@shared/domain/no-shows';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PrivacyFacts } from '@shared/schemas/privacy';
import { Card, CardTitle } from '@client/components/ui/card';
import { LoadError } from '@client/components/ui/load-error';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { usePrivacyFacts } from '../api/privacy';

const linkClass = 'font-semibold text-wine-700 underline underline-offset-2 hover:text-wine-900';

function Section({ id, icon: Icon, title, children }: { id: string; icon: typeof Clock; title: string; children: ReactNode }) {
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

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/** How long things are kept: the figures come from the server's own configuration (GET /api/privacy). */
function HowLong({ facts }: { facts: PrivacyFacts }) {
  return (
    <ul className="list-disc space-y-2 pl-5">
      <li>
        <strong>Your ratings and arrival location reports</strong> are deleted <strong>{days(facts.retentionDays)}</strong> after the evening they belong to.
      </li>
      <li>
        <strong>What you told the hosts would help you</strong> on the night is deleted at the same time, or at once if you take it away, cancel your place or
        give your ticket to a friend.
      </li>
      <li>
        <strong>Matches</strong>, and whether you shared your contact details with them, stay as long as both of you have an account. The ratings that made a
        match are not needed for that.
      </li>
      <li>If the host does not release contact details, your matches see them automatically {facts.autoReleaseHours} hours after the evening.</li>
      <li>
        <strong>A no-show</strong> (an evening you booked and did not come to) is kept <strong>{days(facts.noShows.keptDays)}</strong> after the evening, then
        deleted.
      </li>
      <li>A login lasts {days(facts.sessionDays)}, or until you log out.</li>
      <li>Everything else (your profile, tickets, feedback, messages) stays until you delete your account.</li>
    </ul>
  );
}

/** The no-show rule (docs/decisions/0076-no-shows-have-a-cost.md), with the server's own numbers. */
function NoShowRule({ rule }: { rule: PrivacyFacts['noShows'] }) {
  return (
    <>
      <p>
        If you book an evening and are not checked in by its end, without having cancelled, we record a <strong>no-show</strong>: the evening and its date. A
        guest the host asked to leave is not a no-show, nor is the host. You see your record on your{' '}
        <Link to="/profile" className={linkClass}>
          profile
        </Link>
        ; hosts see how many guests of their evening did not come, never who; admins see who.
      </p>
      <p>
        With <strong>{rule.limit}</strong> no-shows in {windowInWords(rule.windowDays)}, you cannot book free evenings or join a waitlist for{' '}
        <strong>{days(rule.pauseDays)}</strong> from the latest. Paid evenings stay open to you, and the evening page tells you until when before you try.
      </p>
      <p>
        Ill, or kept away by an emergency? Write to us: an admin can clear a no-show, with the reason, which you then see on your profile. A no-show is deleted{' '}
        {days(rule.keptDays)} after the evening.
      </p>
    </>
  );
}

/** /privacy (public): what we keep, for how long, who sees it, and how to take it with you or delete it, in plain words. */
export function PrivacyPage() {
  const facts = usePrivacyFacts();
  return (
    <Page>
      <PageTitle sub="What we keep about you, for how long, and who sees it. In plain words.">Your privacy</PageTitle>
      <div className="space-y-5">
        <Section id="privacy-what" icon={ShieldCheck} title="What we keep">
          <ul className="list-disc space-y-2 pl-5">
            <li>Your profile: name, e-mail address, age, bio, interests, photo, and a phone number if you add one.</li>
            <li>Your answers to the registration questions (personality, what you are looking for).</li>
            <li>Your tickets and payments: amount and status. Card details stay with the payment provider; we never see them.</li>
            <li>
              On the evening: who you were seated with, the ratings you give, your matches, and, if you share your location on the arrival page, how far you
              were from the venue (not where you were).
            </li>
            <li>If you tell an evening's hosts what would help you on the night (a quiet table, a chair, help at the door): what you wrote.</li>
            <li>Messages from the host and whether you read them, your feedback and reactions, follow-up invites, and your voice narration settings.</li>
            <li>
              If you report an accessibility barrier: what you wrote and the e-mail address you gave for an answer, read by our admins only, until they have
              dealt with it.
            </li>
          </ul>
        </Section>

        <Section id="privacy-how-long" icon={Clock} title="How long we keep it">
          {facts.isPending ? (
            <Spinner label="Loading how long we keep your data" />
          ) : facts.isError ? (
            <LoadError
              title="Could not load the retention periods"
              message="Please check your connection and try again."
              onRetry={() => void facts.refetch()}
            />
          ) : (
            <HowLong facts={facts.data} />
          )}
        </Section>

        <Section id="privacy-who" icon={Eye} title="Who sees what">
          <ul className="list-disc space-y-2 pl-5">
            <li>
              <strong>Other guests of the same evening</strong> see your name, age, bio, interests and photo. Never your e-mail or phone number.
            </li>
            <li>
              <strong>The hosts of your evening</strong> see your name, your ticket code and when you arrived, at the door and in its attendance list. Never
              your e-mail or phone number.
            </li>
            <li>
              <strong>What you said would help you on the night</strong> is seen by that evening's hosts (and the organisers' admins), beside your name at the
              door. Nobody else, and no other evening's hosts.
            </li>
            <li>
              <strong>Your e-mail and phone number</strong> are seen only by you, the organisers' admins, and your matches once contact is shared: when you both
              press Share Contact, or when the host releases contacts after the evening (you agree to this when you register).
            </li>
            <li>
              <strong>Your ratings</strong> are private: nobody sees whom you chose. A match only happens when two people chose each other. The host sees the
              matches of their evening and who has rated each round, not your contact details.
            </li>
            <li>
              <strong>Your registration answers</strong> feed the match previews other guests of your evening see (how well you may get on), never the answers
              themselves. You can leave the previews on your{' '}
              <Link to="/profile" className={linkClass}>
                profile
              </Link>
              .
            </li>
          </ul>
        </Section>

        <Section id="privacy-safety" icon={Flag} title="Blocks and reports">
          <p>
            If you block someone, they are not told. You are never seated together again, and at evenings to come you do not see each other in the guest list,
            the badges or the previews. What you already shared (a match, a friend group) stays as it was for both of you.
          </p>
          <p>If you report someone, the hosts of that evening and the admins see your report. The person you report is not told who reported them.</p>
        </Section>

        <Section id="privacy-no-shows" icon={CalendarX2} title="No-shows">
          {facts.data ? <NoShowRule rule={facts.data.noShows} /> : <p>An evening you booked and did not come to is recorded as a no-show.</p>}
        </Section>

        <Section id="privacy-yours" icon={Download} title="Take it with you, or delete it">
          <p>
            On your{' '}
            <Link to="/profile" className={linkClass}>
              profile
            </Link>
            , <strong>Download my data</strong> gives you everything we keep about you as a file. Ratings other people gave you are counted, without who or how:
            those are their private choices.
          </p>
          <p>
            <strong>Delete my account</strong>, also on your profile, removes your account and everything tied to it at once, including your matches.
          </p>
        </Section>
      </div>
    </Page>
  );
}
