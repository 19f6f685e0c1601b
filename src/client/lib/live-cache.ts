import type { QueryClient } from '@tanstack/react-query';
import type { ServerMessage, TimerStateMessage } from '@shared/realtime';
import type { MyRound, RoundRecord } from '@shared/schemas/live';
import { withCheckIns, type CheckInChange, type Door } from '@shared/schemas/door';
import type { EventDetail } from '@shared/schemas/events';
import type { Inbox } from '@shared/schemas/messages';
import type { ConversationGuide } from '@shared/schemas/conversation-guide';
import type { Match, ProgressRow } from '@shared/schemas/matching';
import type { ReceivedTimer } from './queries/live';
import { queryKeys } from './query-keys';

/** What the evening's socket (./live-socket.ts) does to the query cache the screens read. */

/**
 * A socket message applied to the query keys the screens read (docs/architecture.md, habit 6), once
 * per message whatever the number of listeners: a timer state becomes the timer query's data; a
 * new round refreshes the rotation (late arrivals join then) and the round history, as does a phase
 * change; new ratings bring the host's progress and history (or refresh them) and refresh the
 * connection log (as a round start does); released contacts bring the guest's own matches (or refresh them) and refresh the member's others.
 */
export function applyToCache(qc: QueryClient, eventId: number, userId: number, before: TimerStateMessage | null, m: ServerMessage, offset: number) {
  const refresh = (queryKey: readonly unknown[], exact = false) => void qc.invalidateQueries({ queryKey, exact });
  if ('serverNow' in m) {
    qc.setQueryData<ReceivedTimer>(queryKeys.timer(eventId), (old) => (old && old.state.version > m.version ? old : { state: m, offset }));
    // A guest's state carries their own place in the round (docs/decisions/0017): it goes straight
    // into the rotation the screens read, so the bell costs no request. Only a rotation already
    // loaded is updated (a screen that has none fetches the whole of it when it mounts).
    // `mine` and `upNext` are the whole truth for this round and the next: null means no place.
    if (m.mine !== undefined && m.currentRound > 0) {
      const places = [m.mine, m.upNext].filter((p): p is MyRound => !!p);
      const rounds = new Set([m.currentRound, m.currentRound + 1]);
      qc.setQueryData<MyRound[]>(queryKeys.myRotation(eventId), (old) =>
        old ? [...old.filter((r) => !rounds.has(r.round)), ...places].sort((a, b) => a.round - b.round) : old,
      );
    }
    // The first state after connecting only confirms what the page just fetched.
    if (before && before.currentRound !== m.currentRound) {
      // An evening that ends early never holds its planned last rounds: the rotation is read again
      // for the rounds that took place (docs/decisions/0063).
      if (m.mine === undefined || m.phase === 'ended') refresh(queryKeys.myRotation(eventId));
      refresh(queryKeys.rotation(eventId));
    }
    if (before && (before.currentRound !== m.currentRound || before.phase !== m.phase)) refresh(queryKeys.rounds(eventId));
  }
  if (m.type === 'timer_started' || m.type === 'ratings_updated') refresh(queryKeys.connections(eventId), true);
  if (m.type === 'ratings_updated') {
    // The news carries what the desk shows (docs/decisions/0133): the round history and the latest
    // round's progress go straight into their queries; any other round's progress is read again.
    if (m.rounds) qc.setQueryData<RoundRecord[]>(queryKeys.rounds(eventId), m.rounds);
    else refresh(queryKeys.rounds(eventId));
    const carried = m.progress;
    if (carried) qc.setQueryData<ProgressRow[]>(queryKeys.progress(eventId, carried.round), carried.rows);
    void qc.invalidateQueries({ queryKey: queryKeys.progress(eventId), predicate: (q) => !carried || q.queryKey[3] !== carried.round });
  }
  // The host changed the evening's conversation guide (docs/decisions/0081): the question is read again.
  if (m.type === 'guide_updated') refresh(queryKeys.guide(eventId));
  // The round's question given at the bell (docs/decisions/0147): the card shows it without asking; a
  // question already here (asked, or "Another question") stands.
  if (m.type === 'guide_question') qc.setQueryData<ConversationGuide>(queryKeys.guide(eventId, m.round), (old) => old ?? m.guide);
  if (m.type === 'contacts_released') {
    // A guest's own matches ride on the release (docs/decisions/0105): no phone asks for them at once.
    if (m.matches) {
      qc.setQueryData<Match[]>(queryKeys.userMatches(eventId, userId), m.matches);
      refresh(queryKeys.eventMatches(eventId));
    } else refresh(queryKeys.matches(eventId));
    refresh(queryKeys.myMatches());
    refresh(queryKeys.myGroups());
  }
  // The door and the room: a new host message lands in the inbox at once, then the inbox is re-read
  // for its unread count; reads elsewhere refresh the inbox or the host's counts; check-ins refresh the
  // door, the room, the guest's arrival screen and the event (its viewer.checkedIn).
  if (m.type === 'host_message') {
    qc.setQueryData<Inbox>(queryKeys.inbox(eventId), (old) =>
      old && !old.messages.some((x) => x.id === m.message.id) ? { ...old, unread: old.unread + 1, messages: [m.message, ...old.messages] } : old,
    );
    refresh(queryKeys.inbox(eventId), true);
  }
  if (m.type === 'inbox_updated') refresh(queryKeys.inbox(eventId), true);
  if (m.type === 'messages_updated') refresh(queryKeys.room(eventId), true);
  if (m.type === 'checkins_updated') {
    applyToDoor(qc, eventId, m.guests);
    refresh(queryKeys.room(eventId), true);
    refresh(queryKeys.arrival(eventId), true);
    // The guest's own check-in carried by the news goes straight into the evening (docs/decisions/0139):
    // at the door every phone read the whole evening again the moment its guest was scanned. A host's
    // evening says nothing of the guests' check-ins: the desk does not read it again on their news.
    const carried = m.checkedInAt;
    if (carried === undefined) {
      if (!qc.getQueryData<EventDetail>(queryKeys.event(eventId))?.viewer.isHost) refresh(queryKeys.event(eventId), true);
    } else
      qc.setQueryData<EventDetail>(queryKeys.event(eventId), (old) =>
        old ? { ...old, viewer: { ...old.viewer, checkedIn: carried !== null, checkedInAt: carried } } : old,
      );
  }
  if (m.type === 'guest_removed') {
    refresh(queryKeys.event(eventId), true);
    refresh(queryKeys.myRotation(eventId));
  }
}

/**
 * The hosts' check-in news: the changes it carries land on the door the desk shows (docs/decisions/0142);
 * the list is read again when the news carries none, names a guest the list lacks, or a read of it is
 * under way (the read may predate the change, and its answer would overwrite what was applied).
 */
function applyToDoor(qc: QueryClient, eventId: number, changes: CheckInChange[] | undefined) {
  const key = queryKeys.door(eventId);
  const state = qc.getQueryState<Door>(key);
  const applied = changes && state?.data && state.fetchStatus === 'idle' ? withCheckIns(state.data, changes) : null;
  if (applied) qc.setQueryData<Door>(key, applied);
  else void qc.invalidateQueries({ queryKey: key, exact: true });
}

/**
 * What no later news repairs when the socket missed some: the door's check-ins (the news carries
 * changes, not the list: docs/decisions/0142). Read again on the first message after each opening,
 * which the server sends once the socket is in the evening's room: a check-in between the page's own
 * read and then (a busy door has several a second), or while the line was down, is in that read.
 */
export function readAgainWhatWasMissed(qc: QueryClient, eventId: number) {
  void qc.invalidateQueries({ queryKey: queryKeys.door(eventId), exact: true });
}

/**
 * The line is open (again): every read of this evening that failed meanwhile is asked again. A
 * phone whose line dropped while its rotation was loading showed "Your rotation isn't available"
 * until a reload: the states that followed only update a rotation already loaded
 * (docs/decisions/0109).
 */
export function askAgainWhatFailed(qc: QueryClient, eventId: number) {
  void qc.invalidateQueries({
    predicate: (q) => q.state.status === 'error' && (q.queryKey[0] === 'events' || q.queryKey[0] === 'live') && q.queryKey[1] === eventId,
  });
}
