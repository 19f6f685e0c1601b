import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ApiError } from './api';
import { currentOrNextEvent, demoEventQuery, latestEvent, useUserEvents } from './queries/events';

export type EventContext =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'invalid' }
  | { status: 'none' }
  | { status: 'ready'; eventId: number; demo?: true };

export interface EventContextOptions {
  /** Which of the member's evenings: the current or next one (default), or the latest that has begun. */
  prefer?: 'next' | 'latest';
  /** With no evening of their own, show the public demo evening (docs/product.md, Demo data). */
  demoFallback?: boolean;
}

/**
 * Which evening the page is about: `?event=ID`, else one of the viewer's own evenings (see
 * `prefer`), else, when asked, the public demo evening. A visitor (userId null) goes straight to
 * the demo evening.
 */
export function useEventContext(userId: number | null, param: string | null, options: EventContextOptions = {}): EventContext {
  const explicit = param === null ? null : Number(param);
  const mine = useUserEvents(explicit === null ? userId : null);
  const pick = options.prefer === 'latest' ? latestEvent : currentOrNextEvent;
  const own = useMemo(() => (mine.data ? pick(mine.data) : null), [mine.data, pick]);
  const needDemo = !!options.demoFallback && explicit === null && (userId === null || (mine.isSuccess && own === null));
  const demo = useQuery({ ...demoEventQuery, enabled: needDemo, retry: false });

  if (explicit !== null) return Number.isInteger(explicit) && explicit > 0 ? { status: 'ready', eventId: explicit } : { status: 'invalid' };
  if (userId !== null) {
    if (mine.isPending) return { status: 'loading' };
    if (mine.isError) return { status: 'error', retry: () => void mine.refetch() };
    if (own) return { status: 'ready', eventId: own.id };
  }
  if (!needDemo) return { status: 'none' };
  if (demo.isPending) return { status: 'loading' };
  // No demo data loaded (a 404) is simply no evening; another failure can be retried.
  if (demo.isError)
    return demo.error instanceof ApiError && demo.error.status === 404 ? { status: 'none' } : { status: 'error', retry: () => void demo.refetch() };
  return { status: 'ready', eventId: demo.data.id, demo: true };
}
