/**
 * Guests as real people arrive (issue 26): each signs up over HTTP (POST /api/users mails a code,
 * read from the development outbox, and POST /api/auth/verify with it makes the account and
 * session) and registers for their evening (POST /api/events/:id/register), from the bench
 * process, `concurrency` people at a time. Nothing is written into the database behind the server.
 */
export interface Guest {
  id: number;
  cookie: string;
  eventId: number;
  base: string;
}

async function post(base: string, url: string, body: unknown, cookie?: string) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
  return res;
}

/** A name of letters (names hold letters, spaces, hyphens and apostrophes): 0 -> "Guest A", 27 -> "Guest Bb". */
const nameOf = (i: number) => {
  let s = '';
  for (let n = i; ; n = Math.floor(n / 26) - 1) {
    s = String.fromCharCode(97 + (n % 26)) + s;
    if (n < 26) break;
  }
  return `Guest ${s[0]!.toUpperCase()}${s.slice(1)}`;
};

/** `fn` for every item, `concurrency` at a time, the results in the items' order. */
export async function inTurns<T, R>(items: T[], concurrency: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      for (let i = next++; i < items.length; i = next++) out[i] = await fn(items[i]!);
    }),
  );
  return out;
}

/** `perEvent` guests for each evening, signed up and registered on the instance `baseOf(i)` of guest i. */
export async function signUpGuests(eventIds: number[], perEvent: number, baseOf: (i: number) => string, tag: string, concurrency = 20): Promise<Guest[]> {
  return inTurns(
    Array.from({ length: eventIds.length * perEvent }, (_, i) => i),
    concurrency,
    async (i) => {
      const base = baseOf(i);
      const eventId = eventIds[Math.floor(i / perEvent)]!;
      const email = `${tag}g${i}@bench.test`;
      // Sign-up mails a code; the code makes the account and the session (docs/decisions/0070).
      await post(base, '/api/users', { name: nameOf(i), email, age: 20 + (i % 50), bio: 'Here for the bench.', interests: ['running', 'books'] });
      const mails = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];
      const code = /\b(\d{6})\b/.exec(mails[0]?.subject ?? '')?.[1];
      if (!code) throw new Error(`sign-up of guest ${i}: no code in the outbox`);
      const res = await post(base, '/api/auth/verify', { email, code });
      const sid = res.headers
        .getSetCookie()
        .map((c) => /^sid=([^;]+)/.exec(c)?.[1])
        .find(Boolean);
      if (!sid) throw new Error(`sign-up of guest ${i}: no session cookie`);
      const { id } = (await res.json()) as { id: number };
      const cookie = `sid=${sid}`;
      await post(base, `/api/events/${eventId}/register`, { userId: id }, cookie);
      return { id, cookie, eventId, base };
    },
  );
}
