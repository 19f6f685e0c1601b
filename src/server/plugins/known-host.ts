import { isIP } from 'node:net';
import fp from 'fastify-plugin';
import type { AppConfig } from '../env';
import { forbidden } from '../errors';

export const UNKNOWN_HOST_MESSAGE = 'This server answers only at its own address (PUBLIC_URL) and on this machine.';

/** The name in a Host header: 'localhost:5000' → 'localhost', '[::1]:5000' → '::1'; null when it is not a host. */
export function hostName(host: string): string | null {
  // A name or IPv4 address, or an IPv6 one in brackets, and a port: nothing a URL would read otherwise (user@, paths).
  if (!/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/.test(host)) return null;
  try {
    const name = new URL(`http://${host}`).hostname.toLowerCase();
    return name.replace(/^\[(.*)\]$/, '$1');
  } catch {
    return null;
  }
}

/**
 * Whether a development server may answer a request sent to `host` (its Host header): PUBLIC_URL's
 * host, `localhost`, or an address written as digits (127.0.0.1, a LAN address a phone uses, [::1]).
 * A name that only points here through the DNS (a rebinding page, `evil.example` resolving to
 * 127.0.0.1) is refused: such a page could otherwise read the login codes in the local outbox.
 */
export function knownHost(host: string | undefined, publicHostName: string): boolean {
  // No Host at all is no browser (HTTP/1.0 tools): a rebinding page always sends one.
  if (host === undefined) return true;
  const name = hostName(host);
  if (name === null) return false;
  return name === publicHostName || name === 'localhost' || isIP(name) !== 0;
}

/**
 * Outside production, requests for any other host are refused before routing (403): the defence
 * against DNS rebinding (issue 33). Production has no outbox and runs behind its proxy (deploy/).
 */
export const knownHostPlugin = fp<Pick<AppConfig, 'env' | 'publicUrl'>>(
  async (app, opts) => {
    if (opts.env === 'production') return;
    const publicHostName = hostName(new URL(opts.publicUrl).host)!;
    app.addHook('onRequest', async (req) => {
      if (!knownHost(req.headers.host, publicHostName)) throw forbidden(UNKNOWN_HOST_MESSAGE);
    });
  },
  { name: 'known-host' },
);
