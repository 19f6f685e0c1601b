import * as Tabs from '@radix-ui/react-tabs';
import { ClipboardList, Info, Send, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import type { Me } from '@shared/schemas/auth';
import { Page, PageTitle } from '@client/components/ui/page';
import { ActiveHostsTab } from './active-hosts-tab';
import { ApplicationsTab } from './applications-tab';
import { ApplyTab } from './apply-tab';
import { OverviewTab } from './overview-tab';

export type HostProgramViewer = Pick<Me, 'id' | 'name' | 'email' | 'roles'> | null;

export const HOST_PROGRAM_TABS = ['overview', 'applications', 'hosts', 'apply'] as const;
export type HostProgramTab = (typeof HOST_PROGRAM_TABS)[number];

const TABS: { value: HostProgramTab; label: string; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }> }[] = [
  { value: 'overview', label: 'Overview', icon: Info },
  { value: 'applications', label: 'Applications', icon: ClipboardList },
  { value: 'hosts', label: 'Active Hosts', icon: Users },
  { value: 'apply', label: 'Apply to Host', icon: Send },
];

const isTab = (v: string | null): v is HostProgramTab => HOST_PROGRAM_TABS.includes(v as HostProgramTab);

/**
 * /host-program (docs/spec/organiser-tools.md §2.24): four tabs. Everyone sees the overview and the
 * active hosts; members apply (visitors are asked to log in); admins review the applications.
 * The open tab is in the address (?tab=), so a link can open the form directly.
 */
export function HostProgramPage({ viewer }: { viewer: HostProgramViewer }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: HostProgramTab = isTab(asked) ? asked : 'overview';
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
        <Tabs.List aria-label="Host programme sections" className="grid grid-cols-2 gap-1 rounded-3xl bg-wine-50 p-1 sm:grid-cols-4">
          {TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className="inline-flex min-h-12 items-center justify-center gap-2 rounded-2xl px-3 text-sm font-semibold text-wine-800 transition-colors hover:bg-white/70 data-[state=active]:bg-white data-[state=active]:text-wine-900 data-[state=active]:shadow-sm"
            >
              <Icon aria-hidden={true} className="size-4 shrink-0" />
              {label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className="mt-5 focus-visible:outline-offset-4">
          <OverviewTab onApply={() => open('apply')} onHosts={() => open('hosts')} />
        </Tabs.Content>
        <Tabs.Content value="applications" className="mt-5 focus-visible:outline-offset-4">
          <ApplicationsTab viewer={viewer} />
        </Tabs.Content>
        <Tabs.Content value="hosts" className="mt-5 focus-visible:outline-offset-4">
          <ActiveHostsTab />
        </Tabs.Content>
        <Tabs.Content value="apply" className="mt-5 focus-visible:outline-offset-4">
          <ApplyTab viewer={viewer} />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
