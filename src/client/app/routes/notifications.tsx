import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { NotificationsPage } from '@client/features/messages';
import { MyMetAgain } from '@client/features/met-again';
import { MyStillComing } from '@client/features/still-coming';

/**
 * /notifications (docs/spec/organiser-tools.md §2.23): the guest's inbox of host messages. A public path
 * whose data is for guests of the event: `?event=ID`, else the viewer's current or next evening.
 */
export function Component() {
  const me = useMe();
  return (
    <Page>
      <PageTitle>Notifications</PageTitle>
      {/* "Still coming?" questions first, whichever evening the inbox below shows (docs/decisions/0074-still-coming.md). */}
      {me.data && <MyStillComing />}
      {/* "Did you meet NAME again?" after an evening (docs/decisions/0083-met-again.md). */}
      {me.data && <MyMetAgain />}
      {me.isPending ? <Spinner /> : <NotificationsPage viewer={me.data ?? null} />}
    </Page>
  );
}
