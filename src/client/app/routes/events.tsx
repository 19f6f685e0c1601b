import { useEffect } from 'react';
import { EVENTS_PAGE } from '@shared/domain/events-page';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { EventsScreen } from '@client/features/events/components/events-screen';
import { readyFormatsAhead } from '@client/lib/format';
import { forgetUser } from '@client/lib/session';

/** /events: Upcoming and My Events for the signed-in member (the id comes from the server session); a visitor gets ./open-events.tsx. */
export function Component() {
  const me = useMe();
  // The screen shows dates: the browser's date data loads while the member and the events are on their way (docs/decisions/0031).
  useEffect(readyFormatsAhead, []);
  // A local sign-in the server no longer knows is forgotten: the router then shows the visitor's list.
  const stale = me.isSuccess && me.data === null;
  useEffect(() => {
    if (stale) forgetUser();
  }, [stale]);
  if (!me.data) return <Spinner />;
  return (
    <Page wide>
      <PageTitle sub={EVENTS_PAGE.sub}>{EVENTS_PAGE.title}</PageTitle>
      <EventsScreen userId={me.data.id} />
    </Page>
  );
}
