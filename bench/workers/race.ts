/** Registration race load generator: every member's POST /register sent at once, over real HTTP. */
import http from 'node:http';

interface Job {
  base: string;
  eventId: number;
  members: { id: number; cookie: string }[];
}

process.once('message', (job: Job) => {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const url = new URL(`${job.base}/api/events/${job.eventId}/register`);
  const one = (m: { id: number; cookie: string }) =>
    new Promise<number>((resolve) => {
      const body = JSON.stringify({ userId: m.id, consentToShare: true });
      const req = http.request(
        url,
        { method: 'POST', agent, headers: { cookie: m.cookie, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', () => resolve(-1));
      req.end(body);
    });
  const started = performance.now();
  Promise.all(job.members.map(one))
    .then((codes) => {
      const ms = performance.now() - started;
      const by: Record<string, number> = {};
      for (const c of codes) by[c] = (by[c] ?? 0) + 1;
      process.send!({ type: 'result', ms, by });
    })
    .catch((err: unknown) => process.send!({ type: 'result', error: String(err) }))
    .finally(() => process.disconnect());
});
