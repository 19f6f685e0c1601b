/** The reference: a bare node:http server answering the same bytes as GET /api/events, in its own process. */
import http from 'node:http';

process.once('message', ({ port, body }: { port: number; body: string }) => {
  const bytes = Buffer.from(body);
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
    res.end(bytes);
  });
  server.listen(port, '127.0.0.1', () => process.send!({ type: 'listening' }));
  process.on('SIGTERM', () => server.close(() => process.exit(0)));
});
