import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { GuestsOnlyCard, NoEveningCard } from '@client/components/ui/evening-notices';
import { NoticeCard } from '@client/components/ui/notice-card';

/** /arrival for a visitor (or a session that ended): the page is for guests on the night. */
export function ArrivalSignIn() {
  return (
    <NoticeCard icon={Lock} title="Log in to check in for your evening" signIn>
      <p>On the night, this page spots when you reach the venue so you can check in with one tap. Log in with the account you booked with.</p>
    </NoticeCard>
  );
}

/** A member with no evening ahead. */
export function NoArrivalEvening() {
  return (
    <NoEveningCard>
      <p>Book a speed friendship evening and, on the night, this page will guide you to the venue and check you in when you arrive.</p>
    </NoEveningCard>
  );
}

/** A member who is not a guest of this evening (the server answered 403). */
export function GuestsOnly({ eventId }: { eventId: number }) {
  return (
    <GuestsOnlyCard title="This page is for guests of this evening" eventId={eventId}>
      <p>Only guests booked for this evening can check in here. Book a place to join in.</p>
      <p>
        Hosting it?{' '}
        <Link to={`/check-in?event=${eventId}`} className="font-semibold text-wine-700 underline underline-offset-2">
          Open the check-in desk
        </Link>
        .
      </p>
    </GuestsOnlyCard>
  );
}
