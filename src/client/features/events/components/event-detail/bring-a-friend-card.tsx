import type { EventDetail } from '@shared/schemas/events';
import { Card, CardTitle } from '@client/components/ui/card';
import { EveningShareActions } from '../public-evening-more';

/** Sharing the evening's page, so a friend can book their own place. */
export function BringAFriendCard({ event }: { event: EventDetail }) {
  return (
    <Card className="lg:col-start-1">
      <CardTitle>Bring a friend along</CardTitle>
      <p className="mt-1 text-ink">Send them this evening's page: they can book their own place.</p>
      <div className="mt-4">
        <EveningShareActions
          evening={{ id: event.id, title: event.title, url: `${window.location.origin}/events/${event.id}` }}
          calendar={!event.viewer.registered}
        />
      </div>
    </Card>
  );
}
