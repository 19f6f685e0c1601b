import { Link } from 'react-router';
import { Page, PageTitle } from '@client/components/ui/page';
import { NarrationPanel } from '@client/features/narration';

/** /accessibility (docs/spec/organiser-tools.md §2.13): the voice narration panel. Open to everyone. */
export function Component() {
  return (
    <Page>
      <PageTitle sub="Hear the evening read aloud: whom to talk to, the time left and your host's messages.">Voice Narration</PageTitle>
      <NarrationPanel />
      <p className="mt-6 text-center">
        <Link
          to="/accessibility-statement"
          className="inline-flex min-h-11 items-center font-semibold text-wine-700 underline underline-offset-4 hover:text-wine-900"
        >
          Our accessibility statement, and how to report a barrier
        </Link>
      </p>
    </Page>
  );
}
