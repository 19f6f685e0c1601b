import { AboutPage } from '@client/features/marketing/components/about-page';

export function Component() {
  return <AboutPage />;
}
