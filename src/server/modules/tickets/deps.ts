import type { PaymentProvider } from '../../plugins/payments';
import type { TicketMailDeps } from './ticket-mail';
import type { WaitlistDeps } from './waitlist';

/**
 * What the ticket services are given by their routes: the database, mail, payments and the rules'
 * settings. In a file of its own so the services that receive it (service.ts, friend-seats.ts)
 * need not import each other for its type.
 */
export interface TicketDeps extends TicketMailDeps {
  payments: PaymentProvider;
  /** The no-show rule and the app's clock (docs/decisions/0076): the ticket routes always give them. */
  noShows?: WaitlistDeps['noShows'];
  holdMinutes: number;
  log: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
  /** Ask a guest who has just booked "Still coming?" when the evening is near (docs/decisions/0074-still-coming.md). */
  askStillComing?: (eventId: number, userId: number) => Promise<unknown>;
}
