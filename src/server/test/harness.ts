/**
 * Integration-test harness: the real buildApp() on a real database (a clone of the template
 * made by global-setup.ts), driven with app.inject(). Split by concern; import from here.
 *   harness-app.ts      createTestApp, the app's routes, the bad-input answer
 *   harness-members.ts  sign-up, login codes, cookies, the outbox
 *   harness-events.ts   hosts, venues, evenings, seats and tickets
 */
export * from './harness-app';
export * from './harness-members';
export * from './harness-events';
