import { Page, PageTitle } from '@client/components/ui/page';
import { NarrationPanel } from '@client/features/narration';

/** /accessibility (docs/spec/organiser-tools.md §2.13): the voice narration panel. Open to everyone. */
export function Component() {
  return (
    <Page>
      <PageTitle sub="Hear the evening read aloud: whom to talk to, the time left and your host's messages.">Voice Narration</PageTitle>
      <NarrationPanel />
    </Page>
  );
}
