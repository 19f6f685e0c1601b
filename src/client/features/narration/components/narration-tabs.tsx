import * as Tabs from '@radix-ui/react-tabs';
import { TAB_PANEL, TabBar } from '@client/components/ui/tab-bar';
import { AlertTriangle, type LucideIcon } from 'lucide-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Card, CardTitle } from '@client/components/ui/card';
import type { NarrationApi } from '@client/lib/use-narration';
import { useNarrationShortcuts } from '../hooks/use-narration-shortcuts';
import { HELP_SPEECH } from '../lib/texts';

export interface TabDef<T extends string> {
  value: T;
  label: string;
  icon: LucideIcon;
  content: ReactNode;
}

/** Big, thumb-sized tabs in the style of the other organiser screens. */
export function NarrationTabs<T extends string>({ label, tab, onTab, tabs }: { label: string; tab: T; onTab(t: T): void; tabs: TabDef<T>[] }) {
  return (
    <Tabs.Root value={tab} onValueChange={(v) => onTab(v as T)}>
      <TabBar label={label} tabs={tabs} columns="grid-cols-2 sm:grid-flow-col sm:grid-cols-none" large />
      {tabs.map(({ value, content }) => (
        <Tabs.Content key={value} value={value} className={`${TAB_PANEL} space-y-5`}>
          {content}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  );
}

export function UnsupportedCard({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <Card role="status" className="flex items-start gap-4 border-apricot-200 bg-apricot-50">
      <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-2xl bg-apricot-100 text-apricot-700">
        <AlertTriangle aria-hidden={true} className="size-6" />
      </span>
      <div className="space-y-1">
        {title && <CardTitle>{title}</CardTitle>}
        <p className="text-ink">{children}</p>
      </div>
    </Card>
  );
}

/**
 * The keyboard shortcuts (docs/spec/organiser-tools.md §2.13) and auto-read for a narration page:
 * Ctrl+Shift+V turns narration on and reads `overview` (or turns it off), Ctrl+Shift+S stops, P pauses
 * or resumes, H shows help (and reads it when narration is on). With auto-read on, `overview` is read on opening.
 */
export function usePageNarration(n: NarrationApi, overview: string, showHelp: () => void) {
  useNarrationShortcuts({
    toggle() {
      if (!n.narrator) return;
      if (n.settings.enabled) {
        n.narrator.clear();
        n.update({ enabled: false });
      } else {
        n.update({ enabled: true });
        n.narrator.say(overview);
      }
    },
    stop: () => n.narrator?.clear(),
    pauseResume: () => n.narrator?.togglePause(),
    help() {
      showHelp();
      if (n.settings.enabled) n.narrator?.say(HELP_SPEECH);
    },
  });

  const autoRead = n.ready && n.supported && n.settings.enabled && n.settings.autoRead;
  const done = useRef(false);
  useEffect(() => {
    if (!autoRead || done.current) return;
    done.current = true;
    n.narrator?.say(overview);
  }, [autoRead, n.narrator, overview]);
}
