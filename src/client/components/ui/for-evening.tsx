import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useEventContext } from '@client/lib/event-context';
import { EveningLoadError } from './evening-notices';
import { Spinner } from './spinner';

/**
 * The evening a guest's screen is about (`?event=ID`, else the member's current or next one), and
 * what shows while it is found: a spinner, a failed load, an unreadable id, no evening at all.
 * Each screen brings its own words for 'no evening', and for a failed load if it words it differently.
 */
export function ForEvening({
  userId,
  none,
  children,
  failed = (retry) => <EveningLoadError notFound={false} onRetry={retry} />,
}: {
  userId: number;
  none: ReactNode;
  children: (eventId: number) => ReactNode;
  failed?: (retry: () => void) => ReactNode;
}) {
  const [params] = useSearchParams();
  const context = useEventContext(userId, params.get('event'));
  switch (context.status) {
    case 'loading':
      return <Spinner label="Finding your evening" />;
    case 'error':
      return failed(context.retry);
    case 'invalid':
      return <EveningLoadError notFound />;
    case 'none':
      return none;
    case 'ready':
      return children(context.eventId);
  }
}
