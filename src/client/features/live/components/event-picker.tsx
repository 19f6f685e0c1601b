import { Badge } from '@client/components/ui/badge';
import { EveningPicker } from '@client/components/ui/evening-picker';
import { Page, PageTitle } from '@client/components/ui/page';
import { useLiveEvents } from '../api/live';
import { dashboardStatus } from '../lib/timer';
import { STATUS_BADGE } from './status-badge';

/** How often the picker asks for its evenings' states while it is open. */
export const PICKER_REFRESH_MS = 15_000;

/** /host-control without ?event: the evenings this host runs, tonight's first, each with its timer's state. */
export function EventPicker() {
  // Rounds start elsewhere too (the console, an event page, the clock): ask again on every visit and every 15 s.
  const list = useLiveEvents(true, { refetchOnMount: 'always', refetchInterval: PICKER_REFRESH_MS });
  return (
    <Page>
      <PageTitle sub="Choose the evening you're running to open its timer, rotation and ratings.">Host Control</PageTitle>
      <EveningPicker
        list={list}
        href={(id) => `/host-control?event=${id}`}
        empty={{ title: 'No events to run', text: 'Evenings you host appear here from the day they happen.' }}
        tonight
        extra={(row) => {
          const status = STATUS_BADGE[dashboardStatus(row.timer)];
          return <Badge tone={status.tone}>{status.label}</Badge>;
        }}
      />
    </Page>
  );
}
