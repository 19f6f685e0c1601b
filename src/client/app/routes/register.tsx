import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { RegisterWizard } from '@client/features/register';

/**
 * /register (docs/spec/organiser-tools.md §2.18): the registration wizard. Open to everyone; a
 * signed-in member's answers go to their profile (the id comes only from the server session).
 */
export function Component() {
  const me = useMe();
  return (
    <Page>
      <PageTitle sub="Four quick steps so we can introduce you to people you'll really click with.">Tell us about you</PageTitle>
      {me.isPending ? <Spinner /> : <RegisterWizard memberId={me.data?.id ?? null} />}
    </Page>
  );
}
