import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ForEvening } from '@client/components/ui/for-evening';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { BadgesEveningBar, badgesEvenings, type BadgesEvening } from '@client/features/badges/components/badges-evening';
import { BadgesScreen, BadgesSignIn, NoBadgesEvening } from '@client/features/badges/components/badges-screen';
import { currentOrNextEvent, useUserEvents } from '@client/lib/queries/events';
import { hostEveningsQuery } from '@client/lib/queries/live';

/**
 * /badges (docs/spec/organiser-tools.md §2.8): the badges of the other guests of an evening. A public
 * path whose data is for guests and hosts of the event: `?event=ID`, else the viewer's evening under
 * way or next, booked or hosted (issue 22: a host saw last May's demo night during tonight's
 * evening), else the public demo evening. The evening is named at the top, with a picker of the others.
 */
export function Component() {
  const me = useMe();
  const userId = me.data?.id;
  return (
    <Page wide>
      <PageTitle sub="Meet the people at your evening before you say hello.">Participant Badges</PageTitle>
      {me.isPending ? (
        <Spinner />
      ) : userId !== undefined ? (
        <BadgesOfEvening userId={userId} hosts={!!me.data?.roles.some((r) => r === 'host' || r === 'admin')} />
      ) : (
        <BadgesSignIn />
      )}
    </Page>
  );
}

function BadgesOfEvening({ userId, hosts }: { userId: number; hosts: boolean }) {
  const [params] = useSearchParams();
  const booked = useUserEvents(userId);
  const hosted = useQuery({ ...hostEveningsQuery, enabled: hosts });
  const evenings = useMemo(() => badgesEvenings([booked.data ?? [], hosts ? (hosted.data ?? []).map((r) => r.event) : []]), [booked.data, hosted.data, hosts]);
  const show = (eventId: number, demo = false) => (
    <>
      <BadgesEveningBar eventId={eventId} evenings={evenings} demo={demo} />
      <BadgesScreen key={eventId} eventId={eventId} userId={userId} />
    </>
  );

  // A host's own evenings count too: the one under way, else the next (booked or hosted, whichever is sooner).
  if (params.get('event') === null && hosts) {
    if (booked.isPending || hosted.isPending) return <Spinner label="Finding your evening" />;
    const pick = currentOrNextEvent<BadgesEvening>(evenings);
    if (pick) return show(pick.id);
  }
  return (
    <ForEvening userId={userId} demoFallback none={<NoBadgesEvening />}>
      {(eventId, demo) => show(eventId, demo)}
    </ForEvening>
  );
}
