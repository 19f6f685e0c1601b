import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden } from '../errors';

/** Methods that change something; GET, HEAD and OPTIONS are never refused here. */
const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes that other machines call, with their own proof: Stripe signs its webhook, the CLI's control route needs loopback and a token. */
export const CROSS_SITE_EXEMPT = ['/api/webhooks/stripe', '/api/internal/control', '/api/internal/backup'];

export const CROSS_SITE_MESSAGE = 'Cross-site requests are not allowed: this request did not come from this site’s own pages.';

export interface SameOriginOptions {
  /** PUBLIC_URL: its origin is always this site. */
  publicUrl: string;
  /** Route patterns (as registered) that skip the check. */
  exempt?: string[];
}

const defaultPort = (protocol: string) => (protocol === 'https:' || protocol === 'wss:' ? '443' : '80');

/**
 * Whether `origin` names the host the request was sent to (its Host header, or X-Forwarded-Host
 * behind a trusted proxy). A Host without a port matches an origin on its scheme's default port,
 * so a TLS-terminating proxy (https in the browser, http here) still matches.
 */
function sameHost(origin: URL, host: string): boolean {
  if (!host) return false;
  let h: URL;
  try {
    h = new URL(`http://${host}`);
  } catch {
    return false;
  }
  if (h.hostname.toLowerCase() !== origin.hostname.toLowerCase()) return false;
  const originPort = origin.port || defaultPort(origin.protocol);
  // new URL drops ':80' for http, so an explicit port here is never 80; a missing one means "the default".
  const hostPort = host.endsWith(':80') ? '80' : h.port;
  return hostPort ? hostPort === originPort : origin.port === '';
}

/** Why a state-changing request is refused, or null when it may go on. */
export function crossSiteReason(req: Pick<FastifyRequest, 'method' | 'headers' | 'host'>, publicOrigin: string): string | null {
  if (!STATE_CHANGING.has(req.method)) return null;
  const origin = req.headers.origin;
  if (origin !== undefined) {
    if (origin === publicOrigin) return null;
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return `origin ${JSON.stringify(origin)}`; // 'null' (sandboxed frames, file:) and garbage
    }
    if (parsed.origin === publicOrigin || sameHost(parsed, req.host)) return null;
    return `origin ${parsed.origin}`;
  }
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `sec-fetch-site ${site}`;
  // Neither header: not a browser's cross-site request (curl, server-to-server, tests).
  return null;
}

/**
 * Refuses cross-site state-changing requests (CSRF) before any handler or body parser runs:
 * a POST, PUT, PATCH or DELETE whose Origin is not this site (PUBLIC_URL's origin or the
 * request's own host), or without Origin whose Sec-Fetch-Site is not same-origin/none, gets 403.
 * A second layer: bodies must be JSON (Fastify's text/plain parser, the one CORS-simple type it
 * accepts, is removed, so a cross-site form or `text/plain` fetch is bad input, 400, even
 * without the headers). docs/decisions/0011-same-origin-writes-local-outbox-and-outages.md
 */
export const sameOriginPlugin = fp<SameOriginOptions>(
  async (app, opts) => {
    const publicOrigin = new URL(opts.publicUrl).origin;
    const exempt = new Set(opts.exempt ?? CROSS_SITE_EXEMPT);
    app.removeContentTypeParser('text/plain');
    app.addHook('onRequest', async (req) => {
      if (!STATE_CHANGING.has(req.method)) return;
      if (req.routeOptions.url && exempt.has(req.routeOptions.url)) return;
      const reason = crossSiteReason(req, publicOrigin);
      if (reason) {
        req.log.warn({ method: req.method, url: req.url, reason }, 'cross-site request refused');
        throw forbidden(CROSS_SITE_MESSAGE);
      }
    });
  },
  { name: 'same-origin' },
);
