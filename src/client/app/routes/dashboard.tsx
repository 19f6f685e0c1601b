import { Page, PageTitle } from '@client/components/ui/page';
import { RestrictedCard } from '@client/components/ui/restricted';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { AccessCard, LiveDashboard } from '@client/features/live';
import { EveningNoShowsCard } from '@client/features/no-shows/components/evening-no-shows';
import { ReportTrendsCard } from '@client/features/report';
import { StillComingCounts } from '@client/features/still-coming';

/** /dashboard (docs/spec/organiser-tools.md §2.10): every evening a host runs, live, with Start All / Pause All. Hosts only. */
export function Component() {
  const me = useMe();
  const roles = me.data?.roles ?? [];
  return (
    <Page wide>
      <PageTitle sub="Every evening you run, with its real timer. Start and pause rounds across venues from one place.">Event Control Dashboard</PageTitle>
      {me.isPending ? (
        <Spinner />
      ) : !me.data ? (
        <div className="max-w-xl">
          <AccessCard kind="signin" title="Log in to see your events">
            <p>The dashboard shows the evenings you host. Log in with your host account to open it.</p>
          </AccessCard>
        </div>
      ) : !roles.includes('host') ? (
        <div className="max-w-xl">
          <RestrictedCard who="hosts" signedIn />
        </div>
      ) : (
        <div className="space-y-8">
          <LiveDashboard userId={me.data.id} eveningExtra={(eventId) => <StillComingCounts eventId={eventId} compact />} />
          {/* The reports' rates across the host's evenings, newest first (docs/decisions/0084). */}
          <ReportTrendsCard enabled />
          {/* Each evening over, with its no-shows counted, never named (docs/decisions/0076). */}
          <EveningNoShowsCard enabled />
        </div>
      )}
    </Page>
  );
}
