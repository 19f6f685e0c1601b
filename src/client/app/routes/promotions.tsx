import { useSearchParams } from 'react-router';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { PromotionsScreen } from '@client/features/share/components/promotions-screen';
import { useEventParam } from '../event-param';

/**
 * /promotions (docs/spec/organiser-tools.md §2.5): an evening's flyers (social post, story, wide
 * cover) as real PNG downloads (docs/product.md), with suggested uses and marketing tips. Open to
 * everyone; a host makes flyers for the evenings they host (their next one unless they pick
 * another), an admin and anyone else for any upcoming evening (issue 34). `?event=` names the evening.
 */
export function Component() {
  const me = useMe();
  const eventId = useEventParam();
  const [, setParams] = useSearchParams();
  const roles = me.data?.roles ?? [];
  const hostOf = me.data && roles.includes('host') && !roles.includes('admin') ? me.data.id : null;
  return (
    <Page wide>
      <PageTitle sub="Eye-catching flyers for your next evening, ready to download and share. Each one has a QR code straight to the evening’s page.">
        Promotional Materials
      </PageTitle>
      {me.isPending ? (
        <Spinner label="Finding your next evening" />
      ) : (
        <PromotionsScreen eventId={eventId} hostOf={hostOf} onPick={(id) => setParams({ event: String(id) }, { replace: true })} />
      )}
    </Page>
  );
}
