/**
 * The live sockets' heartbeat (docs/decisions/0033-production-behind-nginx.md): the server pings
 * every socket, so a proxy's read timeout never ends a quiet round, and a phone that stops
 * answering is closed. Real `ws` clients against a listening server, the ping interval shortened.
 */
import { describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { withCookie, type TestContext } from '../test/harness';
import { liveTestServer, setUpEvening, wsUrl } from '../test/live-helpers';

const PING_MS = 100;
let t: TestContext;
let base: string;
const { join } = liveTestServer((server) => ({ t, base } = server), { livePingMs: PING_MS });

describe('the live socket heartbeat', () => {
  it('pings an open socket every interval, and a socket that answers stays open through a quiet round', async () => {
    const { event, guests } = await setUpEvening(t, { guests: 1 });
    const { client } = await join(base, { eventId: event.id, userId: guests[0]!.user.id }, guests[0]!.cookie);
    let pings = 0;
    client.ws.on('ping', () => pings++);
    // Waits for the pings themselves (docs/decisions/0095-tests-wait-for-events-not-time.md): a socket
    // the server closed would hear no more of them, and the wait would fail.
    await vi.waitFor(() => expect(pings).toBeGreaterThanOrEqual(4), { timeout: PING_MS * 30, interval: 10 });
    expect(client.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes a socket that stops answering pings, and only that one', async () => {
    const { event, guests } = await setUpEvening(t, { guests: 2 });
    const { client: answering } = await join(base, { eventId: event.id, userId: guests[0]!.user.id }, guests[0]!.cookie);
    // A phone gone quiet: its socket is open but never answers a ping.
    const silent = new WebSocket(wsUrl(base, { eventId: event.id, userId: guests[1]!.user.id }), { headers: withCookie(guests[1]!.cookie), autoPong: false });
    try {
      await new Promise((resolve, reject) => {
        silent.once('open', resolve);
        silent.once('error', reject);
      });
      const at = Date.now();
      const code = await new Promise<number>((resolve) => silent.once('close', (c) => resolve(c)));
      // Pinged at the first tick, ended at the second (the abnormal closure of a terminated socket).
      expect(Date.now() - at).toBeLessThan(PING_MS * 4);
      expect(code).toBe(1006);
      expect(answering.ws.readyState).toBe(WebSocket.OPEN);
    } finally {
      silent.terminate();
    }
  });
});
