import { ForEvening } from '@client/components/ui/for-evening';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { FeedbackScreen, NoFeedbackEvening } from '@client/features/feedback';

/**
 * /feedback (docs/spec/organiser-tools.md §2.27; docs/product.md: guests give feedback, hosts read
 * the insights). The evening: `?event=ID`, else the viewer's latest evening that has begun, else the
 * public demo evening (a visitor sees the demo evening and is asked to log in to answer).
 */
export function Component() {
  const me = useMe();
  const viewer = me.data ?? null;
  return (
    <Page wide>
      <PageTitle sub="Tell us how your evening went, in a tap or in a few words.">Event Feedback</PageTitle>
      {me.isPending ? (
        <Spinner />
      ) : (
        <ForEvening userId={viewer?.id ?? null} prefer="latest" demoFallback none={<NoFeedbackEvening />}>
          {(eventId, demo) => <FeedbackScreen key={eventId} eventId={eventId} viewer={viewer} demo={demo} />}
        </ForEvening>
      )}
    </Page>
  );
}
