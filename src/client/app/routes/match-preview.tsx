import { ForEvening } from '@client/components/ui/for-evening';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { MatchPreviewScreen, MatchPreviewSignIn, NoPreviewEvening } from '@client/features/match-preview';

/**
 * /match-preview (docs/spec/organiser-tools.md §2.25): a public path whose data is for guests of the
 * evening: `?event=ID`, else the viewer's current or next evening, else the public demo evening
 * (whose page a non-guest is pointed to).
 */
export function Component() {
  const me = useMe();
  const userId = me.data?.id;
  return (
    <Page wide>
      <PageTitle sub="See who you're likely to click with before the evening starts.">Match Preview</PageTitle>
      {me.isPending ? (
        <Spinner />
      ) : userId !== undefined ? (
        <ForEvening userId={userId} demoFallback none={<NoPreviewEvening />}>
          {(eventId) => <MatchPreviewScreen key={eventId} eventId={eventId} />}
        </ForEvening>
      ) : (
        <MatchPreviewSignIn />
      )}
    </Page>
  );
}
