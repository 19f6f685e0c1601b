import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { WineWallopScreen } from '@client/features/events/components/wine-wallop-screen';
import { EmojiFeedback } from '@client/features/feedback';

/** /wine-wallop (docs/spec/organiser-tools.md §2.15): the demo evening's page (features/events) with the emoji widget (features/feedback) composed in. */
export function Component() {
  const me = useMe();
  return (
    <WineWallopScreen
      reactions={(eventId) =>
        me.isPending ? (
          <Spinner label="Loading the reactions" />
        ) : (
          <EmojiFeedback eventId={eventId} userId={me.data?.id ?? null} title="How do you feel about this evening?" />
        )
      }
    />
  );
}
