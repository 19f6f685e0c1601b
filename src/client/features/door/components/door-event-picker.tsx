import { EveningPicker } from '@client/components/ui/evening-picker';
import { Page, PageTitle } from '@client/components/ui/page';
import { useHostEvenings } from '@client/lib/queries/live';

/** /check-in without ?event: the evenings this host runs, tonight's first, each opening its desk. */
export function DoorEventPicker() {
  const list = useHostEvenings();
  return (
    <Page>
      <PageTitle sub="Choose the evening you're welcoming guests to: scan their tickets, find them by name and see who is still to come.">Check-in</PageTitle>
      <EveningPicker
        list={list}
        href={(id) => `/check-in?event=${id}`}
        empty={{ title: 'No events to check in', text: 'Evenings you host appear here, so you can welcome their guests at the door.' }}
        tonight
      />
    </Page>
  );
}
