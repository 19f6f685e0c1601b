import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import Stripe from 'stripe';
import type { Db } from '../db/client';
import { testProviderIntents } from '../db/schema/index';
import type { AppConfig } from '../env';
import { AppError } from '../errors';

export type IntentStatus = 'requires_payment' | 'processing' | 'succeeded' | 'canceled';

export interface ProviderIntent {
  id: string;
  status: IntentStatus;
  amount: number;
  currency: string;
  metadata: Record<string, string>;
}

/** What the app needs from a card payment company. */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe';
  readonly publishableKey?: string;
  createIntent(p: {
    amount: number;
    currency: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<{ id: string; clientSecret: string }>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  refund(intentId: string, amount: number, idempotencyKey: string): Promise<{ id: string }>;
  cancelIntent(id: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentProvider;
    stripe: Stripe | null;
  }
}

/* ------------------------------ built-in test provider ------------------------------ */

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

function luhn(n: string) {
  let sum = 0;
  for (let i = 0; i < n.length; i++) {
    let d = Number(n[n.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export class TestProvider implements PaymentProvider {
  readonly name = 'test' as const;
  constructor(private readonly db: Db) {}

  async createIntent(p: { amount: number; currency: string; metadata: Record<string, string> }) {
    const id = `pi_test_${randomBytes(12).toString('hex')}`;
    const clientSecret = `${id}_secret_${randomBytes(12).toString('hex')}`;
    await this.db.insert(testProviderIntents).values({ id, clientSecret, amount: p.amount, currency: p.currency, metadata: JSON.stringify(p.metadata) });
    return { id, clientSecret };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    const row = (await this.db.select().from(testProviderIntents).where(eq(testProviderIntents.id, id)))[0];
    if (!row) throw new AppError('not_found', 'Payment not found');
    return { id, status: row.status, amount: row.amount, currency: row.currency, metadata: JSON.parse(row.metadata) as Record<string, string> };
  }

  async refund(intentId: string, amount: number) {
    const rows = await this.db
      .update(testProviderIntents)
      .set({ amountRefunded: sql`least(${testProviderIntents.amount}, ${testProviderIntents.amountRefunded} + ${amount})` })
      .where(eq(testProviderIntents.id, intentId))
      .returning({ id: testProviderIntents.id });
    if (!rows[0]) throw new AppError('not_found', 'Payment not found');
    return { id: `re_test_${randomBytes(8).toString('hex')}` };
  }

  async cancelIntent(id: string) {
    await this.db.update(testProviderIntents).set({ status: 'canceled' }).where(eq(testProviderIntents.id, id));
  }

  /**
   * The card form's confirm step, answering as Stripe's test mode does. Returns the intent id
   * on success; throws a 402 with the provider's message otherwise.
   */
  async confirm(p: { clientSecret: string; cardNumber: string; expMonth: number; expYear: number; cvc: string }, now = new Date()) {
    const row = (await this.db.select().from(testProviderIntents).where(eq(testProviderIntents.clientSecret, p.clientSecret)))[0];
    if (!row) throw new AppError('not_found', 'Payment not found');
    if (row.status === 'succeeded') return row.id;
    if (row.status === 'canceled') throw new AppError('conflict', 'This payment was cancelled. Please start again.');
    const fail = async (message: string, field?: 'cardNumber' | 'expMonth' | 'expYear' | 'cvc') => {
      await this.db.update(testProviderIntents).set({ lastError: message }).where(eq(testProviderIntents.id, row.id));
      // Bad card details are bad input (400, naming the field); a refusal by the bank is 402.
      throw field ? new AppError('bad_request', message, [{ path: field, message }]) : new AppError('payment_required', message);
    };
    const number = p.cardNumber.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(number) || !luhn(number)) return fail('Your card number is incorrect.', 'cardNumber');
    if (p.expMonth < 1 || p.expMonth > 12) return fail("Your card's expiration month is invalid.", 'expMonth');
    const year = p.expYear < 100 ? 2000 + p.expYear : p.expYear;
    const endOfMonth = Date.UTC(year, p.expMonth, 1);
    if (endOfMonth <= now.getTime()) return fail("Your card's expiration date is in the past.", 'expYear');
    if (year > now.getUTCFullYear() + 50) return fail("Your card's expiration year is invalid.", 'expYear');
    if (!/^\d{3,4}$/.test(p.cvc)) return fail("Your card's security code is incomplete.", 'cvc');
    if (number === TEST_CARDS.declined) return fail('Your card was declined.');
    if (number === TEST_CARDS.insufficientFunds) return fail('Your card has insufficient funds.');
    if (number !== TEST_CARDS.success) return fail('Your card was declined. In test mode, use 4242 4242 4242 4242.');
    await this.db.update(testProviderIntents).set({ status: 'succeeded', lastError: null }).where(eq(testProviderIntents.id, row.id));
    return row.id;
  }
}

/* ------------------------------------ Stripe ------------------------------------ */

export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  constructor(
    readonly client: Stripe,
    readonly publishableKey: string,
  ) {}

  async createIntent(p: { amount: number; currency: string; metadata: Record<string, string>; idempotencyKey: string }) {
    const intent = await this.client.paymentIntents.create(
      { amount: p.amount, currency: p.currency, metadata: p.metadata, automatic_payment_methods: { enabled: true } },
      { idempotencyKey: p.idempotencyKey },
    );
    return { id: intent.id, clientSecret: intent.client_secret ?? '' };
  }

  async retrieveIntent(id: string): Promise<ProviderIntent> {
    const i = await this.client.paymentIntents.retrieve(id);
    const status: IntentStatus =
      i.status === 'succeeded' ? 'succeeded' : i.status === 'canceled' ? 'canceled' : i.status === 'processing' ? 'processing' : 'requires_payment';
    return { id: i.id, status, amount: i.amount, currency: i.currency, metadata: (i.metadata ?? {}) as Record<string, string> };
  }

  async refund(intentId: string, amount: number, idempotencyKey: string) {
    const r = await this.client.refunds.create({ payment_intent: intentId, amount }, { idempotencyKey });
    return { id: r.id };
  }

  async cancelIntent(id: string) {
    await this.client.paymentIntents.cancel(id);
  }
}

export interface StripeConnection {
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
}

/** Stripe when both keys are set; otherwise the built-in test provider. */
export const paymentsPlugin = fp<{ config: AppConfig; stripeConnection?: StripeConnection }>(
  async (app, { config, stripeConnection }) => {
    if (config.stripe) {
      const client = new Stripe(config.stripe.secretKey, { maxNetworkRetries: 1, timeout: 15_000, ...stripeConnection });
      app.decorate('stripe', client);
      app.decorate('payments', new StripeProvider(client, config.stripe.publishableKey));
    } else {
      app.decorate('stripe', null);
      app.decorate('payments', new TestProvider(app.db));
    }
  },
  { name: 'payments', dependencies: ['db'] },
);
