import { LogIn } from 'lucide-react';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Page, PageTitle } from '@client/components/ui/page';
import { RestrictedCard } from '@client/components/ui/restricted';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { ReportsScreen } from '@client/features/safety/components/reports-screen';

/**
 * /reports (GitHub issue 21): reports about people from an evening, a match or an invite. Hosts see
 * those of the evenings they host, admins every report and can suspend an account; a member sees
 * 'hosts only', a visitor is asked to log in. The server answers only to hosts and admins.
 */
export function Component() {
  const me = useMe();
  const title = 'Reports';
  const sub = 'What guests reported about people they met, for the hosts of the evening and admins.';
  if (me.isPending) return <Spinner />;
  if (!me.data) {
    return (
      <Page>
        <PageTitle sub={sub}>{title}</PageTitle>
        <NoticeCard icon={LogIn} title="Log in to read reports" signIn>
          <p>Reports are for the hosts of an evening and admins. Log in with your host account.</p>
        </NoticeCard>
      </Page>
    );
  }
  if (!me.data.roles.includes('host') && !me.data.roles.includes('admin')) {
    return (
      <Page>
        <PageTitle>{title}</PageTitle>
        <RestrictedCard who="hosts" signedIn />
      </Page>
    );
  }
  return (
    <Page wide>
      <PageTitle sub={sub}>{title}</PageTitle>
      <ReportsScreen />
    </Page>
  );
}
