import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { EventsScreen } from '@client/features/events/components/events-screen';
import { ROUND_MINUTES_WORD } from '@client/features/marketing/content';

/** /events: Upcoming and My Events for the signed-in member (the id comes from the server session). */
export function Component() {
  const me = useMe();
  if (!me.data) return <Spinner />;
  return (
    <Page wide>
      <PageTitle sub={`Relaxed ${ROUND_MINUTES_WORD}-minute conversations with new people at cosy local venues.`}>Events</PageTitle>
      <EventsScreen userId={me.data.id} />
    </Page>
  );
}
