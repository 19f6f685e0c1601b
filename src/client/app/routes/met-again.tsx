import { useParams } from 'react-router';
import { Page, PageTitle } from '@client/components/ui/page';
import { SiteFooter } from '@client/features/legal/components/site-footer';
import { MetAgainLinkScreen } from '@client/features/met-again';

/** /met-again/{token}: the "Did you meet NAME again?" e-mail's page, open without signing in (docs/decisions/0083-met-again.md). */
export function Component() {
  const { token = '' } = useParams();
  return (
    <>
      <Page>
        <PageTitle>Did you meet again?</PageTitle>
        <MetAgainLinkScreen token={token} />
      </Page>
      <SiteFooter />
    </>
  );
}
