import { useMemo } from 'react';
import { currentOrNextEvent, useUserEvents } from './queries';

export type EventContext =
  | { status: 'loading' }
  | { status: 'error'; retry: () => void }
  | { status: 'invalid' }
  | { status: 'none' }
  | { status: 'ready'; eventId: number };

/** Which evening the page is about: `?event=ID`, else the viewer's current or next registered one. */
export function useEventContext(userId: number, param: string | null): EventContext {
  const explicit = param === null ? null : Number(param);
  const mine = useUserEvents(explicit === null ? userId : null);
  const next = useMemo(() => (mine.data ? currentOrNextEvent(mine.data) : null), [mine.data]);
  if (explicit !== null) return Number.isInteger(explicit) && explicit > 0 ? { status: 'ready', eventId: explicit } : { status: 'invalid' };
  if (mine.isPending) return { status: 'loading' };
  if (mine.isError) return { status: 'error', retry: () => void mine.refetch() };
  return next ? { status: 'ready', eventId: next.id } : { status: 'none' };
}
