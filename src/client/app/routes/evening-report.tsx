import { useParams } from 'react-router';
import { Page } from '@client/components/ui/page';
import { RestrictedCard } from '@client/components/ui/restricted';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { EveningReportScreen } from '@client/features/report';

/**
 * /events/{id}/report (GitHub issue 36, docs/decisions/0084-the-hosts-evening-report.md): the
 * evening's report, for its host and admins. Behind sign-in (app/router.tsx); a member without the
 * host role is told it is for hosts; the server answers only the evening's host and admins.
 */
export function Component() {
  const me = useMe();
  const { id } = useParams();
  const eventId = Number(id);
  if (me.isPending || !me.data) return <Spinner />;
  if (!me.data.roles.includes('host') && !me.data.roles.includes('admin')) {
    return (
      <Page>
        <h1 className="mb-6 text-3xl font-bold text-wine-900">Evening report</h1>
        <RestrictedCard who="hosts" signedIn />
      </Page>
    );
  }
  return (
    <Page wide className="print:max-w-none print:p-0">
      <EveningReportScreen eventId={Number.isSafeInteger(eventId) && eventId > 0 ? eventId : 0} />
    </Page>
  );
}
