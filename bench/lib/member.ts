/**
 * The demo member, signed in as after a real login: the server's session cookie (through the dev
 * outbox's code) and the sign-in hint the client keeps in localStorage (src/client/lib/session.ts).
 */
import { KEYS } from '../../src/client/lib/session';
import { loginThroughOutbox } from './http';

export interface SignedInMember {
  /** `sid=...`, for fetch's cookie header. */
  cookie: string;
  /** The cookie's value, for a browser context's cookies. */
  sid: string;
  /** The hint to store in the browser with `rememberSignIn`. */
  hint: { id: number; email: string; keys: { userId: string; email: string } };
}

export async function signedInMember(base: string, email = 'member@speedfriendship.test'): Promise<SignedInMember> {
  const cookie = await loginThroughOutbox(base, email);
  const me = (await (await fetch(`${base}/api/auth/me`, { headers: { cookie } })).json()) as { id: number; email: string };
  return { cookie, sid: cookie.replace(/^sid=/, ''), hint: { id: me.id, email: me.email, keys: { userId: KEYS.userId, email: KEYS.email } } };
}

/** Runs in the page (page.evaluate, context.addInitScript): stores the client's sign-in hint. */
export function rememberSignIn(hint: SignedInMember['hint']) {
  localStorage.setItem(hint.keys.userId, String(hint.id));
  localStorage.setItem(hint.keys.email, hint.email);
}
