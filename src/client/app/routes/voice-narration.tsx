import { Page, PageTitle } from '@client/components/ui/page';
import { VoiceDemo } from '@client/features/narration';

/** /voice-narration (docs/spec/organiser-tools.md §2.13): the voice narration demo page, on fictional sample people. Open to everyone. */
export function Component() {
  return (
    <Page wide>
      <PageTitle sub="Press play to hear sample profiles, a match result and an evening read aloud.">Voice Narration Demo</PageTitle>
      <VoiceDemo />
    </Page>
  );
}
