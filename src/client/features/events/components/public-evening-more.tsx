import { CalendarPlus, Check, ChevronDown, Link2, Share2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicEvening } from '@shared/schemas/public-evening';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { formatDate } from '@client/lib/format';

/**
 * The link Share and Copy link hand out: the evening's public page with `?source=page-link`, so
 * the share analytics count what it brings (docs/decisions/0047).
 */
export const pageShareLink = (url: string) => `${url}?source=page-link`;

type ShareState = 'idle' | 'copied' | 'blocked';

/**
 * Add to calendar (the evening's public .ics: title, times, venue and its page, nobody's data) and
 * Share: the phone's share sheet where there is one, else the link to the clipboard. For visitors
 * and members alike.
 */
export function EveningShareActions({
  evening: e,
  calendar = true,
}: {
  evening: Pick<PublicEvening, 'id' | 'title' | 'url'>;
  /** False where the page has its own Add to calendar already (a member's ticket). */
  calendar?: boolean;
}) {
  const [state, setState] = useState<ShareState>('idle');
  const link = pageShareLink(e.url);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = async () => {
    if (canShare) {
      try {
        await navigator.share({ title: e.title, text: `${e.title}: come along to Speed Friendship`, url: link });
        return;
      } catch (err) {
        // Closing the share sheet is not a failure; anything else falls back to copying.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(link);
      setState('copied');
    } catch {
      setState('blocked');
    }
  };
  return (
    <div>
      <div className="grid gap-3">
        {calendar && (
          <Button asChild variant="outline" size="sm">
            <a href={`/api/events/${e.id}/calendar.ics`} download={`speed-friendship-${e.id}.ics`}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              Add to calendar
            </a>
          </Button>
        )}
        <Button variant="outline" size="sm" onClick={() => void share()}>
          {canShare ? <Share2 aria-hidden="true" className="size-4" /> : <Link2 aria-hidden="true" className="size-4" />}
          {canShare ? 'Share' : 'Copy link'}
        </Button>
      </div>
      <p role="status" className="mt-2 text-center text-sm text-ink empty:hidden">
        {state === 'copied' && (
          <span className="inline-flex items-center gap-1">
            <Check aria-hidden="true" className="size-4 text-green-700" /> Link copied: paste it to a friend.
          </span>
        )}
        {state === 'blocked' && <span className="break-all">Your browser blocked copying. The link is {link}</span>}
      </p>
    </div>
  );
}

/** '12 going': how many have a place, never who; nothing before the first booking. */
export function goingText(going: number): string | null {
  return going > 0 ? `${going} going` : null;
}

/** The host as their own profile shows them to others: first name, a short bio, the photo; their other evenings. */
export function HostCard({ evening: e }: { evening: Pick<PublicEvening, 'hostFirstName' | 'host'> }) {
  const name = e.hostFirstName;
  if (!name) return null;
  const { bio, image, moreEvenings } = e.host;
  return (
    <Card>
      <CardTitle>Your host</CardTitle>
      <div className="mt-4 flex items-start gap-4">
        {image ? (
          <img src={image} alt={`${name}, your host`} width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="flex size-16 shrink-0 items-center justify-center rounded-full bg-apricot-100 text-2xl font-bold text-wine-800">
            {name.slice(0, 1)}
          </span>
        )}
        <div className="min-w-0">
          <p className="text-lg font-semibold text-wine-900">{name}</p>
          <p className="mt-1 leading-relaxed break-words whitespace-pre-line text-ink">
            {bio ?? `${name} hosts this evening and welcomes everyone at the door.`}
          </p>
        </div>
      </div>
      {moreEvenings.length > 0 && (
        <div className="mt-5">
          <h3 className="font-semibold text-wine-900">More evenings by {name}</h3>
          <ul className="mt-2 divide-y divide-wine-100">
            {moreEvenings.map((m) => (
              <li key={m.id}>
                <Link to={`/events/${m.id}`} className="flex min-h-11 flex-wrap items-baseline gap-x-2 py-2 font-semibold text-wine-700">
                  <span className="break-words underline underline-offset-4">{m.title}</span>
                  <span className="font-normal text-muted">{formatDate(m.date, 'long')}</span>
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}

/** The questions a stranger asks before booking, answered as the product works (PRODUCT.md, /privacy). */
export function EveningFaq({ evening: e }: { evening: Pick<PublicEvening, 'ageRangeMin' | 'ageRangeMax'> }) {
  const faqs: { q: string; a: ReactNode }[] = [
    {
      q: 'Can I come alone?',
      a: 'Yes, most people do. Every conversation is one to one, with one new person each round, so you never have to break into a group. Friends who book together are never seated together, so everyone meets someone new.',
    },
    {
      q: 'Is this dating?',
      a: 'No. Speed Friendship is for making friends. You say privately whom you would like to see again as a friend, and only when two people both choose each other do they get each other’s contact details.',
    },
    {
      q: 'Is there a non-alcoholic option?',
      a: 'You never need to drink alcohol to take part: the evening is the conversations. What the venue serves is up to the venue, so ask your host at the door.',
    },
    {
      q: 'What if I am outside the age range?',
      a: `Each evening is for the ages its host sets: this one is for ${e.ageRangeMin}-${e.ageRangeMax}, and the guests come expecting to meet people of those ages. Booking checks the age on your profile, so if you are outside it, please choose another evening whose range fits you.`,
    },
    {
      q: "What if I book and can't come?",
      a: (
        <>
          Cancel on this page, so your place goes to someone on the waitlist. A booked evening you miss without cancelling is a no-show, shown on your profile.
          After repeated no-shows in a few months you can&apos;t book free evenings or join a waitlist for a few weeks, while paid evenings stay open; the{' '}
          <Link to="/privacy#privacy-no-shows" className="font-semibold text-wine-800 underline underline-offset-4">
            privacy page
          </Link>{' '}
          gives the exact numbers. Ill or kept away by an emergency? Write to us and an admin can clear it.
        </>
      ),
    },
    {
      q: 'What happens to my ratings?',
      a: (
        <>
          They are private: nobody sees whom you chose, and the host sees only who has rated, never the answers. A match happens only when two people chose each
          other. Ratings are deleted some weeks after the evening; the{' '}
          <Link to="/privacy" className="font-semibold text-wine-800 underline underline-offset-4">
            privacy page
          </Link>{' '}
          says exactly when.
        </>
      ),
    },
  ];
  return (
    <Card>
      <CardTitle>Questions people ask</CardTitle>
      <div className="mt-3 divide-y divide-wine-100">
        {faqs.map((f) => (
          <details key={f.q} className="group">
            <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-3 py-2 font-semibold text-wine-900 [&::-webkit-details-marker]:hidden">
              {f.q}
              <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-wine-700 transition-transform group-open:rotate-180" />
            </summary>
            <p className="pb-3 leading-relaxed text-ink">{f.a}</p>
          </details>
        ))}
      </div>
    </Card>
  );
}
