import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useEventContext, type EventContextOptions } from '@client/lib/event-context';
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
  ...options
}: {
  /** The member, or null for a visitor (who then sees the demo evening when `demoFallback` is set). */
  userId: number | null;
  none: ReactNode;
  /** `demo` is true when the member has no evening of their own and this is the public demo evening. */
  children: (eventId: number, demo: boolean) => ReactNode;
  failed?: (retry: () => void) => ReactNode;
} & EventContextOptions) {
  const [params] = useSearchParams();
  const context = useEventContext(userId, params.get('event'), options);
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
      return children(context.eventId, !!context.demo);
  }
}
