import { RefundsPage } from '@client/features/legal/components/refunds-page';
import { SiteFooter } from '@client/features/legal/components/site-footer';

/** /refunds: the refund rule, public (a page of its own, issue 34). */
export function Component() {
  return (
    <>
      <RefundsPage />
      <SiteFooter />
    </>
  );
}
