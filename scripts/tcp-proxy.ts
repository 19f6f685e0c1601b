/**
 * A TCP proxy to a local server that can drop the line: a phone on a bar's Wi-Fi (docs/decisions/0051).
 * Used by the journeys (e2e/reconnect.spec.ts) and the bench (bench/sections/reconnect.ts).
 */
import net from 'node:net';

export interface Proxy {
  base: string;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** A TCP proxy to the test server that can drop the line. */
export async function tcpProxy(targetPort: number): Promise<Proxy> {
  let down = false;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (down) return client.destroy();
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    cut() {
      down = true;
      for (const s of open) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}
