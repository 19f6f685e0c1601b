/**
 * Where to go after signing in or up (`?next=`): only a path on this site. Anything that a browser
 * could read as another site is refused: `//evil.com` and `/\evil.com` (protocol-relative, the
 * backslash read as a slash), `https://evil.com`, `javascript:…`, and control characters or spaces
 * that browsers strip before parsing. docs/decisions/0048.
 *
 * The check is made on the path as the browser will normalise it, not only on the text given:
 * `/..//evil.com`, `/.//evil.com`, `/a/..//evil.com` (and `%2e%2e` for `..`) all resolve to
 * `//evil.com`, which is another site once written into `location`. So the answer is the
 * normalised path, and it is refused when it is itself protocol-relative.
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
  const path = url.pathname + url.search + url.hash;
  // The normalised path must stand on its own: not `//host…`, and read again it is itself.
  if (path.startsWith('//') || /[\\\s]/.test(path)) return null;
  let again: URL;
  try {
    again = new URL(path, BASE);
  } catch {
    return null;
  }
  if (again.origin !== BASE || again.pathname + again.search + again.hash !== path) return null;
  return path;
}
