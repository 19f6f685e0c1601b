import { LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Page, PageTitle } from '@client/components/ui/page';
import { RestrictedCard } from '@client/components/ui/restricted';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { useEventParam } from './event-param';

/**
 * A host's page for one evening (/host-control, /check-in): a visitor is asked to log in, a member
 * without the host role sees 'hosts only', a host without ?event= picks one of their evenings; the
 * server answers only to the hosts of that evening.
 */
export function HostRoute({
  title,
  sub,
  signIn,
  picker,
  children,
}: {
  title: string;
  sub: string;
  signIn: { title: string; text: string };
  picker: ReactNode;
  children: (eventId: number, userId: number) => ReactNode;
}) {
  const me = useMe();
  const eventId = useEventParam();
  if (me.isPending) return <Spinner />;
  if (!me.data) {
    return (
      <Page>
        <PageTitle sub={sub}>{title}</PageTitle>
        <NoticeCard icon={LogIn} title={signIn.title} signIn>
          <p>{signIn.text}</p>
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
  return eventId ? children(eventId, me.data.id) : picker;
}
