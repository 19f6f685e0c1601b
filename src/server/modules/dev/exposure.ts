import type { AppConfig } from '../../env';

/** Host names that listen on this machine only. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || h === '::ffff:127.0.0.1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * The start-up warning for a development server reachable from other machines (HOST beyond
 * loopback without NODE_ENV=production), or null when there is nothing to say.
 */
export function publicDevelopmentWarning(config: Pick<AppConfig, 'env' | 'host' | 'port' | 'smtpUrl'>): string | null {
  if (config.env === 'production' || isLoopbackHost(config.host)) return null;
  return (
    `WARNING: development mode on a public interface: listening on ${config.host}:${config.port} with NODE_ENV=${config.env}. ` +
    'Other machines can reach a server meant for development (session cookies without Secure, development routes' +
    (config.smtpUrl ? '' : ', login codes in the local outbox') +
    '). Set NODE_ENV=production to run it for real, or HOST=127.0.0.1 to keep it on this machine.'
  );
}
