/**
 * Where to go after signing in or up (`?next=`): only a path on this site. Anything that a browser
 * could read as another site is refused: `//evil.com` and `/\evil.com` (protocol-relative, the
 * backslash read as a slash), `https://evil.com`, `javascript:…`, and control characters or spaces
 * that browsers strip before parsing. docs/decisions/0048.
 */
const BASE = 'https://same-origin.invalid';

export function safeNextPath(next: unknown): string | null {
  if (typeof next !== 'string' || next.length === 0 || next.length > 2000) return null;
  if (!next.startsWith('/') || next.startsWith('//')) return null;
  // Backslashes, whitespace and control characters: browsers treat some as slashes or drop them.
  if (/[\\\s]/.test(next) || [...next].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  let url: URL;
  try {
    url = new URL(next, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return url.pathname + url.search + url.hash;
}
