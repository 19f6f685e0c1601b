import { useEffect, useState } from 'react';
import type { Event } from '@shared/schemas/events';
import { get } from '@client/lib/api';
import { isOver } from '../lib/format';

/**
 * The evenings open for booking (or for a full one's waitlist), soonest first: GET /api/events, which
 * gives a visitor only those (issue 34), kept to the ones not begun for a member. Read without TanStack
 * Query, which the landing page's first paint goes without (docs/decisions/0024). null while the
 * answer is on its way; [] when it failed: the page is then what it is without evenings.
 */
export function useOpenEvenings(): Event[] | null {
  const [evenings, setEvenings] = useState<Event[] | null>(null);
  useEffect(() => {
    let mounted = true;
    get('/api/events', () => import('@shared/schemas/events').then((m) => m.eventListSchema)).then(
      (list) => mounted && setEvenings(list.filter((e) => !isOver(e))),
      () => mounted && setEvenings([]),
    );
    return () => {
      mounted = false;
    };
  }, []);
  return evenings;
}
