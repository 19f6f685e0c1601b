/**
 * The floor of the live evening (issue 25, 26): a bare `ws` server in its own process that, when a
 * host's socket says anything, sends every guest of that evening connected here the same bytes our
 * server sends them (a real state message of ours, with this round, the time and the guest's place
 * filled in), one JSON text per guest. No database, no bus, no checks: what this machine can do.
 */
import { WebSocketServer, type WebSocket } from 'ws';

process.once('message', ({ port, template }: { port: number; template: string }) => {
  const tpl = JSON.parse(template) as Record<string, unknown> & { mine: Record<string, unknown> | null; roundDuration?: number };
  const guests = new Map<number, WebSocket[]>();
  const rounds = new Map<number, number>();
  const wss = new WebSocketServer({ host: '127.0.0.1', port, path: '/ws', perMessageDeflate: false });
  wss.on('connection', (ws, req) => {
    const q = new URL(req.url ?? '/', 'http://floor').searchParams;
    const eventId = Number(q.get('eventId'));
    if (q.get('isHost') === 'true') {
      ws.on('message', () => {
        const round = (rounds.get(eventId) ?? 0) + 1;
        rounds.set(eventId, round);
        const now = Date.now();
        for (const g of guests.get(eventId) ?? []) {
          g.send(
            JSON.stringify({
              ...tpl,
              currentRound: round,
              serverNow: now,
              endsAt: now + (tpl.roundDuration ?? 300) * 1000,
              mine: tpl.mine && { ...tpl.mine, round },
            }),
          );
        }
      });
    } else {
      let list = guests.get(eventId);
      if (!list) guests.set(eventId, (list = []));
      list.push(ws);
    }
  });
  wss.on('listening', () => process.send!({ type: 'listening' }));
  process.on('SIGTERM', () => {
    for (const c of wss.clients) c.terminate();
    wss.close(() => process.exit(0));
  });
});
