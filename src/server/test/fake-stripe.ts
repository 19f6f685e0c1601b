/**
 * A small fake of Stripe's HTTP API for integration tests: a real local server (node:http)
 * that the real Stripe SDK talks to (buildApp's `stripeConnection`). It implements what
 * StripeProvider uses, answering in Stripe's shapes:
 *
 *   POST /v1/payment_intents             form body: amount, currency, metadata[...]; Idempotency-Key honoured
 *   GET  /v1/payment_intents/:id
 *   POST /v1/payment_intents/:id/cancel
 *   POST /v1/refunds                     form body: payment_intent, amount; Idempotency-Key honoured
 *
 * and a test hook, `POST /_test/payment_intents/:id/succeed` (or `fake.succeed(id)`), that plays
 * the customer paying. `fake.event(type, id)` builds the webhook event Stripe would send.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StripeConnection } from '../plugins/payments';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'processing' | 'succeeded' | 'canceled';
  client_secret: string;
  metadata: Record<string, string>;
  automatic_payment_methods: { enabled: boolean } | null;
  canceled_at: number | null;
  created: number;
  last_payment_error: null | { message: string };
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  created: number;
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  /** The decoded form body (nested keys such as metadata[eventId] become objects). */
  body: Record<string, unknown>;
}

export interface FakeStripe {
  /** Where the SDK should connect: pass as buildApp's `stripeConnection`. */
  connection: Required<StripeConnection>;
  url: string;
  intents: Map<string, FakeIntent>;
  refunds: FakeRefund[];
  /** Every API request received, oldest first (test hooks excluded). */
  requests: FakeRequest[];
  /** The customer paid: the intent succeeds. */
  succeed(intentId: string): FakeIntent;
  /** A webhook event of this type for the intent's current state, as Stripe would post it. */
  event(type: string, intentId: string): Record<string, unknown>;
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const rid = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** Decode a form body the way Stripe does: `a[b]=1&a[c]=2` → { a: { b: '1', c: '2' } }. */
export function decodeForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split('[').map((p) => p.replace(/\]$/, ''));
    let node = out;
    for (let i = 0; i < parts.length - 1; i++) {
      const k = parts[i]!;
      if (typeof node[k] !== 'object' || node[k] === null) node[k] = {};
      node = node[k] as Record<string, unknown>;
    }
    node[parts[parts.length - 1]!] = value;
  }
  return out;
}

class StripeFail extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly type = 'invalid_request_error',
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}

const missing = (kind: string, id: string) => new StripeFail(404, `No such ${kind}: '${id}'`, 'invalid_request_error', 'resource_missing', 'id');

function positiveInt(v: unknown, param: string) {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n <= 0) throw new StripeFail(400, `Invalid integer: ${String(v)}`, 'invalid_request_error', 'parameter_invalid_integer', param);
  return n;
}

export async function startFakeStripe(opts: { secretKey?: string } = {}): Promise<FakeStripe> {
  const secretKey = opts.secretKey ?? 'sk_test_x';
  const intents = new Map<string, FakeIntent>();
  const refunds: FakeRefund[] = [];
  const requests: FakeRequest[] = [];
  /** Idempotency-Key → the first answer and the body it was for. */
  const idempotent = new Map<string, { raw: string; path: string; status: number; body: unknown }>();

  const succeed = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw missing('payment_intent', id);
    if (intent.status === 'canceled') throw new StripeFail(400, 'This PaymentIntent was canceled', 'invalid_request_error', 'payment_intent_unexpected_state');
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    return intent;
  };

  function handle(method: string, path: string, body: Record<string, unknown>): { status: number; body: unknown } {
    if (method === 'POST' && path === '/v1/payment_intents') {
      const amount = positiveInt(body.amount, 'amount');
      const currency = String(body.currency ?? '');
      if (!/^[a-z]{3}$/.test(currency))
        throw new StripeFail(400, 'Missing required param: currency.', 'invalid_request_error', 'parameter_missing', 'currency');
      const id = rid('pi');
      const apm = body.automatic_payment_methods as { enabled?: string } | undefined;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount,
        amount_received: 0,
        currency,
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        automatic_payment_methods: apm ? { enabled: apm.enabled === 'true' } : null,
        canceled_at: null,
        created: now(),
        last_payment_error: null,
        livemode: false,
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    let m = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === 'GET' && m) {
      const intent = intents.get(m[1]!);
      if (!intent) throw missing('payment_intent', m[1]!);
      return { status: 200, body: intent };
    }
    m = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (method === 'POST' && m) {
      const intent = intents.get(m[1]!);
      if (!intent) throw missing('payment_intent', m[1]!);
      if (intent.status === 'succeeded') {
        throw new StripeFail(
          400,
          'You cannot cancel this PaymentIntent because it has a status of succeeded.',
          'invalid_request_error',
          'payment_intent_unexpected_state',
        );
      }
      intent.status = 'canceled';
      intent.canceled_at = now();
      return { status: 200, body: intent };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const piId = String(body.payment_intent ?? '');
      const intent = intents.get(piId);
      if (!intent) throw missing('payment_intent', piId);
      if (intent.status !== 'succeeded')
        throw new StripeFail(400, `PaymentIntent ${piId} does not have a successful charge to refund.`, 'invalid_request_error', 'charge_not_refundable');
      const already = refunds.filter((r) => r.payment_intent === piId).reduce((s, r) => s + r.amount, 0);
      const amount = body.amount === undefined ? intent.amount - already : positiveInt(body.amount, 'amount');
      if (already + amount > intent.amount) {
        throw new StripeFail(
          400,
          `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${((intent.amount - already) / 100).toFixed(2)})`,
          'invalid_request_error',
          'amount_too_large',
          'amount',
        );
      }
      const refund: FakeRefund = {
        id: rid('re'),
        object: 'refund',
        amount,
        currency: intent.currency,
        payment_intent: piId,
        status: 'succeeded',
        created: now(),
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    throw new StripeFail(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://fake-stripe');
      const method = req.method ?? 'GET';
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': rid('req') });
        res.end(JSON.stringify(body));
      };
      const fail = (err: unknown) => {
        if (err instanceof StripeFail) {
          return send(err.status, {
            error: { type: err.type, message: err.message, ...(err.code ? { code: err.code } : {}), ...(err.param ? { param: err.param } : {}) },
          });
        }
        return send(500, { error: { type: 'api_error', message: String(err) } });
      };

      // Test hook: the customer paid.
      const hook = /^\/_test\/payment_intents\/([^/]+)\/succeed$/.exec(url.pathname);
      if (method === 'POST' && hook) {
        try {
          return send(200, succeed(hook[1]!));
        } catch (err) {
          return fail(err);
        }
      }

      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        return send(401, {
          error: {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${String(req.headers.authorization ?? '')
              .replace(/^Bearer /, '')
              .slice(0, 12)}…`,
          },
        });
      }
      const body = method === 'GET' ? Object.fromEntries(url.searchParams) : decodeForm(raw);
      const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
      requests.push({ method, path: url.pathname, idempotencyKey: key, body });

      if (method === 'POST' && key) {
        const seen = idempotent.get(key);
        if (seen) {
          if (seen.raw !== raw || seen.path !== url.pathname) {
            return send(400, {
              error: {
                type: 'idempotency_error',
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              },
            });
          }
          res.setHeader('idempotent-replayed', 'true');
          return send(seen.status, seen.body);
        }
      }
      try {
        const answer = handle(method, url.pathname, body);
        // Stripe replays the stored answer, not the object's current state.
        const snapshot = JSON.parse(JSON.stringify(answer.body)) as unknown;
        if (method === 'POST' && key) idempotent.set(key, { raw, path: url.pathname, status: answer.status, body: snapshot });
        return send(answer.status, snapshot);
      } catch (err) {
        return fail(err);
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    connection: { host: '127.0.0.1', port, protocol: 'http' },
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    succeed,
    event(type, intentId) {
      const intent = intents.get(intentId);
      if (!intent) throw missing('payment_intent', intentId);
      return {
        id: rid('evt'),
        object: 'event',
        api_version: '2025-01-27.acacia',
        created: now(),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: JSON.parse(JSON.stringify(intent)) as unknown },
      };
    },
    close() {
      return new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}
