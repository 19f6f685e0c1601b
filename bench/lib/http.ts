/** Logging in over HTTP as a person would, through the dev outbox's mailed code. */
export async function loginThroughOutbox(base: string, email: string): Promise<string> {
  const json = { 'content-type': 'application/json' };
  const start = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: json, body: JSON.stringify({ email }) });
  if (!start.ok) throw new Error(`login ${email}: ${start.status} ${await start.text()}`);
  const mails = (await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { text: string }[];
  const code = mails.map((m) => /\b(\d{6})\b/.exec(m.text)?.[1]).find(Boolean);
  if (!code) throw new Error(`no login code mailed to ${email}`);
  const verify = await fetch(`${base}/api/auth/verify`, { method: 'POST', headers: json, body: JSON.stringify({ email, code }) });
  const sid = verify.headers
    .getSetCookie()
    .map((c) => /^sid=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  if (!verify.ok || !sid) throw new Error(`verify ${email}: ${verify.status}`);
  return `sid=${sid}`;
}
