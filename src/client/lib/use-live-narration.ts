import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ServerMessage, TimerStateMessage } from '@shared/realtime';
import type { MyRound } from '@shared/schemas/live';
import { useLiveSocket, useRemainingSeconds } from './live-socket';
import { guideQuery } from './queries/conversation-guide';
import { timerQuery, useMyRotation } from './queries/live';
import { useNarration } from './use-narration';

/**
 * The live evening by voice alone (docs/spec/organiser-tools.md §2.13 and §9 "timer warnings at 5 min,
 * 1 min and 30 s"; docs/product.md "The live evening"). With narration on, a guest hears: whom to talk to
 * when a round starts ('Round 2: talk to Priya at table 3'), 5 minutes, 1 minute and 30 seconds left,
 * time to switch with the partner to rate, pauses, the end, and every host message.
 *
 * The timer sentences are the screen's own live-region announcements (features/live's
 * useTimerAnnouncements, composed in by the route as `announcement`), so the screen reader and the
 * voice say the same thing; this hook adds what only a listener needs: the partner and table instead of
 * 'Round n has started.', the 5-minute warning, the rating prompt and host messages; after the partner
 * and table, the pair's question and its follow-up (docs/decisions/0081), and each "Another question".
 */

export interface LiveNarrationOptions {
  eventId: number | null;
  userId: number | null;
  /** The socket the page already holds for this viewer (the channel is shared, not opened twice). */
  isHost?: boolean;
  /** The live region's newest sentence (features/live useTimerAnnouncements). */
  announcement: string;
}

/** 'Round n: talk to NAME at table T' (docs/product.md), or the bye. */
export function roundSentenceFor(r: MyRound): string {
  if (!r.partner) return `Round ${r.round}: you sit out this round. Grab a drink at the bar.`;
  return `Round ${r.round}: talk to ${r.partner.name}${r.table !== null ? ` at table ${r.table}` : ''}.`;
}

const FIVE_MINUTES = 300;
const runningRound = (t: TimerStateMessage | null) =>
  t && (t.phase === 'active' || t.phase === 'grace' || t.phase === 'paused') ? t.currentRound : (t?.currentRound ?? 0);

export function useLiveNarration({ eventId, userId, isHost = false, announcement }: LiveNarrationOptions) {
  const { settings, narrator } = useNarration();
  const on = !!narrator && settings.enabled && eventId !== null && userId !== null;

  const onMessage = (m: ServerMessage) => {
    if (!on || m.type !== 'host_message') return;
    narrator.speak(`Message from your host: ${m.message.text}`);
  };
  const socket = useLiveSocket(on ? eventId : null, on ? userId : null, isHost, onMessage);
  const fetched = useQuery({ ...timerQuery(eventId ?? 0), enabled: on });
  const http = fetched.data ?? null;
  const fromSocket = socket.timer;
  const timer = fromSocket && (!http || fromSocket.version >= http.state.version) ? fromSocket : (http?.state ?? null);
  const offset = fromSocket && timer === fromSocket ? socket.offset : (http?.offset ?? 0);
  const remaining = useRemainingSeconds(timer, offset);
  const round = runningRound(timer);
  const rotation = useMyRotation(eventId ?? 0, on && round > 0 && !isHost);
  const rows = rotation.data;

  // A round start waits for its row of the rotation (the socket refreshes it when the round starts).
  const pendingRound = useRef<number | null>(null);
  /** The last round whose start this hook announced (its 'Round n has started.' is then not repeated). */
  const startedRound = useRef<number | null>(null);
  const lastAnnouncement = useRef(announcement);
  const fiveMinutes = useRef<{ round: number; said: boolean } | null>(null);
  const seen = useRef<{ round: number; phase: string } | null>(null);

  // Round starts and the 5-minute warning, from the state itself.
  useEffect(() => {
    if (!on || !timer) return;
    const before = seen.current;
    seen.current = { round: timer.currentRound, phase: timer.phase };
    if (before && timer.phase === 'active' && timer.currentRound > 0 && timer.currentRound !== before.round) {
      pendingRound.current = timer.currentRound;
      startedRound.current = timer.currentRound;
    }
    if (timer.phase !== 'active') return;
    const f = fiveMinutes.current;
    if (!f || f.round !== timer.currentRound) {
      // A round that starts at 5 minutes or less needs no warning; one found already past it neither.
      fiveMinutes.current = { round: timer.currentRound, said: remaining <= FIVE_MINUTES };
      return;
    }
    if (!f.said && remaining <= FIVE_MINUTES && remaining > 60) {
      f.said = true;
      narrator.speak('5 minutes left.');
    }
  }, [on, timer, remaining, narrator]);

  // The screen's own sentences, with the round start replaced by whom to talk to.
  useEffect(() => {
    if (announcement === lastAnnouncement.current) return;
    lastAnnouncement.current = announcement;
    if (!on || !announcement) return;
    if (startedRound.current !== null && announcement.startsWith(`Round ${startedRound.current} has started`)) return; // said with the partner
    let say = announcement;
    const current = rows?.find((r) => r.round === timer?.currentRound);
    if ((timer?.phase === 'grace' || timer?.phase === 'idle') && current?.partner && /complete/i.test(announcement)) {
      say += ` Please rate ${current.partner.name} before your next conversation.`;
    }
    narrator.speak(say);
  }, [announcement, on, narrator, rows, timer]);

  // Whom to talk to, once the rotation for the new round is in.
  const [toldRound, setToldRound] = useState<number | null>(null);
  useEffect(() => {
    const n = pendingRound.current;
    if (!on || n === null || rotation.isFetching) return;
    const row = rows?.find((r) => r.round === n);
    pendingRound.current = null;
    narrator.speak(row ? roundSentenceFor(row) : `Round ${n} has started.`);
    if (row?.partner) setToldRound(n);
  }, [on, rows, rotation.isFetching, narrator, timer]);

  // Then the pair's question (the same query as the card's, asked after the bell): once the partner was
  // said, and again for each "Another question". Nothing when the host turned the guide off.
  const questionRound = timer && (timer.phase === 'active' || timer.phase === 'paused') ? timer.currentRound : 0;
  const guide = useQuery({ ...guideQuery(eventId ?? 0, questionRound), enabled: on && !isHost && toldRound !== null && toldRound === questionRound });
  const toldQuestion = useRef<string | null>(null);
  useEffect(() => {
    const q = guide.data?.question;
    if (!on || !q || q.round !== toldRound) return;
    const key = `${q.round}:${q.position}`;
    if (toldQuestion.current === key) return;
    toldQuestion.current = key;
    narrator.speak(`${q.position === 0 ? 'A question to start' : 'Another question'}: ${q.text} Then: ${q.followUp}`);
  }, [on, guide.data, toldRound, narrator]);
}
