import { useEffect, useRef, useState } from 'react';
import { formatDistance } from '@shared/domain/arrival';
import type { LocationPermission } from './use-geolocation';

interface Seen {
  permission: LocationPermission;
  atVenue: boolean | null;
  prompt: boolean;
  checkedIn: boolean;
}

/**
 * What a screen reader hears, politely, when the arrival state changes: location turned on or
 * refused, the first position, At Venue / En Route, the prompt, the check-in. Never a distance
 * update on its own (a moving phone would talk every second), never the page's first state.
 */
export function useArrivalAnnouncement(now: Seen & { distanceM: number | null; deniedText: string }): string {
  const [message, setMessage] = useState('');
  const prev = useRef<Seen | null>(null);
  const { permission, atVenue, prompt, checkedIn, distanceM, deniedText } = now;

  useEffect(() => {
    const before = prev.current;
    prev.current = { permission, atVenue, prompt, checkedIn };
    if (!before || before.permission === 'checking') return;
    let say: string | null = null;
    if (checkedIn && !before.checkedIn) say = "You're checked in. Enjoy the evening!";
    else if (prompt && !before.prompt) say = "You've arrived! Would you like to check in?";
    else if (permission === 'denied' && before.permission !== 'denied') say = deniedText;
    else if (atVenue !== null && atVenue !== before.atVenue)
      say = atVenue ? "You're at the venue." : `You're en route, ${formatDistance(distanceM ?? 0)} from the venue.`;
    else if (permission === 'granted' && before.permission !== 'granted') say = 'Location tracking is on. Finding your position…';
    if (say) setMessage(say);
    // distanceM and deniedText only word a change; they are not changes themselves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [permission, atVenue, prompt, checkedIn]);

  return message;
}
