/**
 * Evenings happen in Prestwich: local times are Europe/London. On its own (./time.ts re-exports it)
 * so that the client's formatters take the zone without the London calendar arithmetic, which only
 * the organiser screens use (docs/architecture.md Budgets: the first paint of `/`).
 */
export const TIME_ZONE = 'Europe/London';
