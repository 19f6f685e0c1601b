import { Page, PageTitle } from '@client/components/ui/page';
import { useMe } from '@client/features/auth/api/auth';
import { ShareScreen } from '@client/features/share';
import { usePublicUrl } from '@client/lib/queries/share';
import { useEventParam } from '../event-param';
import { useSignedIn } from '../session-hooks';

/**
 * /share (docs/spec/organiser-tools.md §2.1 with §2.29): ready posts for an upcoming evening, a
 * custom post, and share analytics. A public path: anyone copies and shares; the analytics are
 * for hosts and admins. ?event={id} picks the evening (the soonest otherwise).
 */
export function Component() {
  const me = useMe();
  const signedIn = useSignedIn();
  const eventId = useEventParam();
  const roles = me.data?.roles ?? [];
  // The posts' links start with the site's public address (PUBLIC_URL); this page's own until it is known.
  const publicUrl = usePublicUrl();
  return (
    <Page wide>
      <PageTitle sub="Invite friends to an upcoming evening: ready-made posts for every platform, or write your own.">Share Speed Friendship</PageTitle>
      <ShareScreen
        viewer={{
          signedIn: signedIn && !!me.data,
          canSeeAnalytics: roles.includes('host') || roles.includes('admin'),
          // One evening's figures are for its host (admins see every evening's): issue 33.
          hostOf: roles.includes('admin') ? null : (me.data?.id ?? null),
          pending: me.isPending,
        }}
        initialEventId={eventId}
        origin={publicUrl ?? window.location.origin}
      />
    </Page>
  );
}
