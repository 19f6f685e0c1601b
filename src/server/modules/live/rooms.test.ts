/**
 * The rooms of live sockets: a socket's own timer_sync is always its first message, even when
 * the room speaks while that sync is still being read (a check-in count or a round change from
 * another instance can arrive in that moment).
 */
import { describe, expect, it } from 'vitest';
import { createRooms } from './rooms';

function fakeSocket() {
  const got: unknown[] = [];
  return { got, ws: { OPEN: 1 as const, readyState: 1 as 0 | 1 | 2 | 3, send: (text: string) => void got.push(JSON.parse(text)) } };
}
const sync = (version: number, type = 'timer_sync') => ({ type, currentRound: 1, phase: 'active', version }) as never;

describe('a socket joining its room', () => {
  it('hears what the room said while its sync was read only after that sync, in order', () => {
    const rooms = createRooms();
    const guest = fakeSocket();
    const { opened } = rooms.join(7, guest.ws, 1, false);
    rooms.broadcast(7, { type: 'checkins_updated', eventId: 7 });
    rooms.broadcastState(7, sync(5, 'timer_started'), null);
    expect(guest.got).toEqual([]);

    opened(sync(4));
    expect(guest.got.map((m) => (m as { type: string }).type)).toEqual(['timer_sync', 'checkins_updated', 'timer_started']);

    // Once open, the room's messages go straight through.
    rooms.broadcast(7, { type: 'checkins_updated', eventId: 7 });
    expect(guest.got).toHaveLength(4);
  });

  it('does not hold back the sockets already open, and forgets a socket that left', () => {
    const rooms = createRooms();
    const early = fakeSocket();
    const late = fakeSocket();
    rooms.join(7, early.ws, 1, false).opened(sync(1));
    const joining = rooms.join(7, late.ws, 2, true);
    rooms.sendTo(7, [2], { type: 'checkins_updated', eventId: 7 }, true);
    rooms.broadcast(7, { type: 'checkins_updated', eventId: 7 }, true);
    expect(early.got).toEqual([sync(1)]); // a guest: the host-only message and the other's were not for them
    expect(late.got).toEqual([]);
    joining.opened(sync(2));
    expect(late.got).toHaveLength(3); // its sync, then the two messages for a host

    joining.leave();
    expect(rooms.watched(7)).toBe(true);
    rooms.broadcast(7, { type: 'checkins_updated', eventId: 7 });
    expect(early.got).toHaveLength(2);
    expect(late.got).toHaveLength(3);
  });
});
