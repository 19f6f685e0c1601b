import { LandingPage } from '@client/features/marketing/components/landing-page';

export function Component() {
  return <LandingPage />;
}
