import { useSearchParams } from 'react-router';
import { Page, PageTitle } from '@client/components/ui/page';
import { PromotionsScreen } from '@client/features/promotions';

/**
 * /promotions (docs/spec/organiser-tools.md §2.5): the next evening's flyers (social post, story,
 * wide cover) as real PNG downloads (docs/product.md), with suggested uses and marketing tips. Open to everyone.
 */
export function Component() {
  const [params] = useSearchParams();
  const eventId = Number(params.get('event'));
  return (
    <Page wide>
      <PageTitle sub="Eye-catching flyers for your next evening, ready to download and share. Each one has a QR code straight to the evening’s page.">
        Promotional Materials
      </PageTitle>
      <PromotionsScreen eventId={Number.isInteger(eventId) && eventId > 0 ? eventId : null} />
    </Page>
  );
}
