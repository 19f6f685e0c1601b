import { PrivacyPage } from '@client/features/privacy/components/privacy-page';

export function Component() {
  return <PrivacyPage />;
}
