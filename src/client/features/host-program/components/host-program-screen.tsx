import * as Tabs from '@radix-ui/react-tabs';
import { TAB_PANEL, TabBar } from '@client/components/ui/tab-bar';
import { ClipboardList, Info, Send, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { Page, PageTitle } from '@client/components/ui/page';
import { ActiveHostsTab } from './active-hosts-tab';
import { ApplicationsTab } from './applications-tab';
import { ApplyTab } from './apply-tab';
import { OverviewTab } from './overview-tab';
import type { HostProgramViewer } from './viewer';

export type { HostProgramViewer } from './viewer';

export const HOST_PROGRAM_TABS = ['overview', 'applications', 'hosts', 'apply'] as const;
export type HostProgramTab = (typeof HOST_PROGRAM_TABS)[number];

const TABS: { value: HostProgramTab; label: string; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }> }[] = [
  { value: 'overview', label: 'Overview', icon: Info },
  { value: 'applications', label: 'Applications', icon: ClipboardList },
  { value: 'hosts', label: 'Active Hosts', icon: Users },
  { value: 'apply', label: 'Apply to Host', icon: Send },
];

const isTab = (v: string | null): v is HostProgramTab => HOST_PROGRAM_TABS.includes(v as HostProgramTab);

/** The bar's layout by the number of tabs shown (whole class names, for Tailwind to find). */
const COLUMNS: Record<number, string> = { 2: 'grid-cols-2', 3: 'grid-cols-3', 4: 'grid-cols-2 sm:grid-cols-4' };

/**
 * The tabs this viewer has a use for (issue 34): Applications for admins (and for a visitor sent
 * to it by a link, who may be an admin not yet signed in: it asks them to log in); Apply to Host
 * for everyone who is not a host yet.
 */
export function visibleTabs(viewer: HostProgramViewer, asked: string | null): HostProgramTab[] {
  const isAdmin = viewer?.roles.includes('admin') ?? false;
  const isHost = viewer?.roles.includes('host') ?? false;
  return HOST_PROGRAM_TABS.filter((t) => {
    if (t === 'applications') return isAdmin || (viewer === null && asked === 'applications');
    if (t === 'apply') return !isHost;
    return true;
  });
}

/**
 * /host-program (docs/spec/organiser-tools.md §2.24): four tabs. Everyone sees the overview and the
 * active hosts; members apply (visitors are asked to log in); admins review the applications. Each
 * viewer sees only the tabs meant for them (visibleTabs). The open tab is in the address (?tab=),
 * so a link can open the form directly; a tab not shown opens the overview.
 */
export function HostProgramPage({ viewer }: { viewer: HostProgramViewer }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const shown = visibleTabs(viewer, asked);
  const tab: HostProgramTab = isTab(asked) && shown.includes(asked) ? asked : 'overview';
  const open = (next: HostProgramTab) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === 'overview') q.delete('tab');
        else q.set('tab', next);
        return q;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <Page wide>
      <PageTitle sub="Run friendly evenings in your town: free entry to the evenings you organise, and every host tool.">Host Programme</PageTitle>
      <Tabs.Root value={tab} onValueChange={(v) => open(v as HostProgramTab)}>
        <TabBar label="Host programme sections" tabs={TABS.filter((t) => shown.includes(t.value))} columns={COLUMNS[shown.length]!} />
        <Tabs.Content value="overview" className={TAB_PANEL}>
          <OverviewTab onApply={shown.includes('apply') ? () => open('apply') : null} onHosts={() => open('hosts')} />
        </Tabs.Content>
        {shown.includes('applications') && (
          <Tabs.Content value="applications" className={TAB_PANEL}>
            <ApplicationsTab viewer={viewer} />
          </Tabs.Content>
        )}
        <Tabs.Content value="hosts" className={TAB_PANEL}>
          <ActiveHostsTab />
        </Tabs.Content>
        {shown.includes('apply') && (
          <Tabs.Content value="apply" className={TAB_PANEL}>
            <ApplyTab viewer={viewer} />
          </Tabs.Content>
        )}
      </Tabs.Root>
    </Page>
  );
}
