import { Page, PageTitle } from '@client/components/ui/page';
import { SignupForm } from '@client/features/waitlist/components/signup-form';
import { useNextParam } from '../next-param';

/** /test-signup: the simple form plus comma-separated interests (docs/spec/organiser-tools.md §2.2). */
export function Component() {
  const next = useNextParam();
  return (
    <Page>
      <PageTitle sub="Tell us a little about you and what you enjoy, and we'll save you a place at the first evenings.">Sign up</PageTitle>
      <SignupForm bioLabel="About" withInterests errorStyle="generic" next={next} />
    </Page>
  );
}
