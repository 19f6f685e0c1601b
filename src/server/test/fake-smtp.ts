/**
 * A real SMTP server for integration tests (the smtp-server package) on 127.0.0.1, without TLS,
 * with a login. Every mail it accepts is kept raw and parsed with mailparser. It can be stopped
 * and started again on the same port, to play a mail server that is down and comes back.
 */
import { createServer, type AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  raw: string;
  parsed: ParsedMail;
  envelope: { from: string; to: string[] };
}

export interface FakeSmtp {
  port: number;
  /** SMTP_URL for the app: smtp://user:password@127.0.0.1:port */
  url: string;
  user: string;
  password: string;
  received: ReceivedMail[];
  /** Start (again) on the same port. */
  start(): Promise<void>;
  /** Stop listening: connections are refused until start(). */
  stop(): Promise<void>;
  /** Wait until `n` mails have arrived in all (or fail after `timeoutMs`). */
  waitFor(n: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** The mails to one address. */
  to(address: string): ReceivedMail[];
}

/** A free port on 127.0.0.1 (listened on and released at once). */
async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function fakeSmtp(opts: { running?: boolean } = {}): Promise<FakeSmtp> {
  const port = await freePort();
  const user = 'mailer';
  const password = `smtp-secret-${Math.random().toString(36).slice(2, 10)}`;
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;

  const fake: FakeSmtp = {
    port,
    url: `smtp://${user}:${password}@127.0.0.1:${port}`,
    user,
    password,
    received,
    async start() {
      if (server) return;
      const s = new SMTPServer({
        secure: false,
        disabledCommands: ['STARTTLS'],
        allowInsecureAuth: true,
        authMethods: ['PLAIN', 'LOGIN'],
        logger: false,
        onAuth(auth, _session, callback) {
          if (auth.username === user && auth.password === password) callback(null, { user });
          else callback(new Error('Invalid username or password'));
        },
        onData(stream, session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            simpleParser(raw, { skipImageLinks: true })
              .then((parsed) => {
                received.push({
                  raw,
                  parsed,
                  envelope: {
                    from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                    to: session.envelope.rcptTo.map((r) => r.address),
                  },
                });
                callback();
              })
              .catch((err: Error) => callback(err));
          });
        },
      });
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(port, '127.0.0.1', () => resolve());
      });
      s.on('error', () => {});
      server = s;
    },
    async stop() {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    async waitFor(n, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < n) {
        if (Date.now() > until) throw new Error(`expected ${n} mails at the SMTP server within ${timeoutMs} ms, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
      return received;
    },
    to(address) {
      return received.filter((m) => m.envelope.to.includes(address));
    },
  };
  if (opts.running !== false) await fake.start();
  return fake;
}
