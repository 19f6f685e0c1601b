import { useLiveNarration } from '@client/lib/use-live-narration';
import { useTimerAnnouncements } from '../hooks/use-announcements';
import { useLiveTimer } from '../hooks/use-live-timer';

/** With voice narration on (/accessibility), the evening read aloud: the timer's own announcements plus whom to talk to and host messages. */
export function LiveNarration({ eventId, userId, isHost }: { eventId: number; userId: number; isHost: boolean }) {
  const live = useLiveTimer(eventId, userId, isHost);
  useLiveNarration({ eventId, userId, isHost, announcement: useTimerAnnouncements(live.timer, live.remaining) });
  return null;
}
