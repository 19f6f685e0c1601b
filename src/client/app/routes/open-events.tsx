import { EVENTS_PAGE } from '@shared/domain/events-page';
import { Page, PageTitle } from '@client/components/ui/page';
import { OpenEveningsScreen } from '@client/features/events/components/open-evenings-screen';
import { SiteFooter } from '@client/features/legal/components/site-footer';

/** /events for a visitor: the evenings open for booking (issue 34, docs/decisions/0071), with the public pages' footer; a member gets ./events.tsx. */
export function Component() {
  return (
    <>
      <Page wide>
        <PageTitle sub={EVENTS_PAGE.sub}>{EVENTS_PAGE.title}</PageTitle>
        <OpenEveningsScreen />
      </Page>
      <SiteFooter />
    </>
  );
}
