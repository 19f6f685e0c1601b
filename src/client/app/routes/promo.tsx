import { PromoPage } from '@client/features/marketing/components/promo-page';

export function Component() {
  return <PromoPage />;
}
