import { Page, PageTitle } from '@client/components/ui/page';
import { PersonalityDemo } from '@client/features/matching/components/personality-demo';

/** /personality-demo (docs/spec/organiser-tools.md §2.12): the personality algorithm on five fictional people. Open to everyone. */
export function Component() {
  return (
    <Page wide>
      <PageTitle sub="Pick someone to see who the personality algorithm would seat them with first.">Personality Matching Demo</PageTitle>
      <PersonalityDemo />
    </Page>
  );
}
