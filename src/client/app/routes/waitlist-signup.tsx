import { Page, PageTitle } from '@client/components/ui/page';
import { PRICE } from '@client/features/marketing/content';
import { SignupForm } from '@client/features/waitlist/components/signup-form';
import { useNextParam } from '../next-param';

/** /waitlist-signup: name, e-mail, age and an optional bio (docs/spec/organiser-tools.md §2.2). */
export function Component() {
  const next = useNextParam();
  return (
    <Page>
      <PageTitle sub={`Be the first to hear when speed-friendship evenings open in Prestwich. ${PRICE} a night, first drink included.`}>
        Join the waitlist
      </PageTitle>
      <SignupForm bioLabel="Bio" next={next} />
    </Page>
  );
}
