/**
 * The floor of the rating burst and of the door (issue 37): a bare node:http server in its own
 * process doing the write and nothing else, in a database with our schema of the same kind as ours
 * (a fresh PGlite data directory, or a fresh PostgreSQL database, migrated with our migrations and
 * seeded as ours was, opened as our server opens it).
 * POST /api/events/:id/ratings stores the card's value, POST /api/events/:id/connections the quick
 * yes/no's (yes 4, no 1): one `INSERT ... ON CONFLICT` into `ratings`. POST /api/events/:id/door/scan
 * checks in the ticket's guest and POST /api/events/:id/arrival/check-in the guest named by the
 * x-user header: one `UPDATE` of `registrations`. No session, no rule, no broadcast, no plan: what
 * this machine can do.
 */
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { openPglite, openPostgres } from '../../src/server/db/client';

process.once('message', ({ port, dataDir, databaseUrl }: { port: number; dataDir?: string; databaseUrl?: string }) => {
  void (async () => {
    // PostgreSQL's pool as our server opens it (ten connections), or the embedded database's one.
    const database = databaseUrl ? openPostgres(databaseUrl) : await openPglite(dataDir!);
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void (async () => {
          const door = /^\/api\/events\/(\d+)\/(door\/scan|arrival\/check-in)$/.exec(req.url ?? '');
          if (req.method === 'POST' && door) {
            const eventId = Number(door[1]);
            const scan = door[2] === 'door/scan';
            const by = scan
              ? sql`ticket_code = ${(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: string }).code}`
              : sql`user_id = ${Number(req.headers['x-user'])}`;
            const r = (await database.db.execute(
              sql`UPDATE registrations SET checked_in = true, checked_in_at = now(), check_in_method = ${scan ? 'scan' : 'self'}
                  WHERE event_id = ${eventId} AND ${by} AND NOT checked_in RETURNING user_id, checked_in_at`,
            )) as unknown as { rows: unknown[] };
            const body = JSON.stringify(r.rows[0] ?? null);
            res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
            res.end(body);
            return;
          }
          const m = /^\/api\/events\/(\d+)\/(ratings|connections)$/.exec(req.url ?? '');
          if (req.method !== 'POST' || !m) {
            res.writeHead(404).end();
            return;
          }
          const eventId = Number(m[1]);
          const b = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            raterId?: number;
            ratedId: number;
            rating?: number;
            round?: number;
            decision?: 'yes' | 'no';
          };
          const card = m[2] === 'ratings';
          const rater = card ? b.raterId! : Number(req.headers['x-rater']);
          const rating = card ? b.rating! : b.decision === 'yes' ? 4 : 1;
          const r = (await database.db.execute(
            sql`INSERT INTO ratings (event_id, rater_id, rated_id, rating, round, source) VALUES (${eventId}, ${rater}, ${b.ratedId}, ${rating}, ${card ? (b.round ?? null) : null}, ${card ? 'card' : 'quick'})
                ON CONFLICT (event_id, rater_id, rated_id) DO UPDATE SET rating = excluded.rating, source = excluded.source, updated_at = now()
                RETURNING id, rater_id, rated_id, rating, round, created_at`,
          )) as unknown as { rows: unknown[] };
          const body = JSON.stringify(r.rows[0]);
          res.writeHead(card ? 201 : 200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
          res.end(body);
        })().catch((err: unknown) => {
          res.writeHead(500).end(String(err));
        });
      });
    });
    server.listen(port, '127.0.0.1', () => process.send!({ type: 'listening' }));
    process.on('SIGTERM', () => server.close(() => void database.close().then(() => process.exit(0))));
  })();
});
