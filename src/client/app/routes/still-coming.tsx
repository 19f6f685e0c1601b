import { useParams } from 'react-router';
import { Page, PageTitle } from '@client/components/ui/page';
import { SiteFooter } from '@client/features/legal/components/site-footer';
import { StillComingLinkScreen } from '@client/features/still-coming';

/** /still-coming/{token}: the "Still coming?" e-mail's page, open without signing in (docs/decisions/0074-still-coming.md). */
export function Component() {
  const { token = '' } = useParams();
  return (
    <>
      <Page>
        <PageTitle>Still coming?</PageTitle>
        <StillComingLinkScreen token={token} />
      </Page>
      <SiteFooter />
    </>
  );
}
