import type http from 'node:http';
import net from 'node:net';

/**
 * How long a stopping instance keeps its open connections for the requests still sent on them
 * (docs/decisions/0132). nginx closes an idle pooled connection after its upstream
 * `keepalive_timeout` (2 s in deploy/nginx/speed-friendship.conf), which must stay below this.
 */
export const DRAIN_MS = 3_000;

/**
 * Stops accepting connections but keeps the open ones, and resolves once none is left or after
 * `capMs`, with how many were left.
 *
 * Node's `http.Server.close()` also closes every idle kept-alive connection at once, and a proxy may
 * be writing a request on one at that very moment: the request is lost (nginx answers it 502 and,
 * for a POST, may not try another instance). So only the listener is closed here; every answer from
 * now on says `Connection: close` (modules/health/routes.ts), so each connection ends after a request
 * sent on it, and the proxy closes the idle ones itself.
 */
export async function drainConnections(server: http.Server, capMs: number): Promise<number> {
  net.Server.prototype.close.call(server);
  const until = Date.now() + capMs;
  for (;;) {
    const open = await new Promise<number>((resolve) => server.getConnections((err, n) => resolve(err ? 0 : n)));
    if (open === 0 || Date.now() >= until) return open;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
