import type { FastifyRequest } from 'fastify';
import { ACCESS_NEEDS_SAVES_PER_HOUR } from '@shared/schemas/access-needs';

/**
 * Per-person limits on what a member sends to others (issue 21; docs/decisions/0039): counted by
 * the signed-in account, not the address (a room of guests shares one Wi-Fi), through
 * @fastify/rate-limit, whose store is PostgreSQL when instances share one (docs/decisions/0010),
 * so the budget is one across instances. Picked so a real evening never comes near them: a host
 * sends a handful of messages per round (six to ten rounds), a guest invites at most the people
 * of one evening (Send All is one request), feedback is one answer per evening, changed rarely.
 */
export const SEND_LIMITS = {
  /** Host messages to the room (POST /api/events/{id}/messages). */
  messages: { max: 30, minutes: 10 },
  /** Follow-up invites, one by one (POST /api/events/{id}/invites); Send All counts as one. */
  invites: { max: 60, minutes: 60 },
  /** Send All (POST /api/events/{id}/invites/all). */
  inviteAll: { max: 10, minutes: 60 },
  /** The feedback form (PUT /api/events/{id}/feedback/form) and the emoji widget (POST /api/events/{id}/feedback), each. */
  feedback: { max: 20, minutes: 60 },
  /** "Another question" of the conversation guide (POST /api/events/{id}/conversation-guide/next): at most six a round anyway. */
  guideQuestions: { max: 30, minutes: 10 },
  /** Meet-up proposals (POST /api/meetups, docs/decisions/0082): a few a day is a lot; one open poll per group besides. */
  meetups: { max: 10, minutes: 60 },
  /** What would help a guest on the night, for the hosts (PUT /api/events/{id}/access-needs, docs/decisions/0086). */
  accessNeeds: { max: ACCESS_NEEDS_SAVES_PER_HOUR, minutes: 60 },
} as const;

export type SendLimit = keyof typeof SEND_LIMITS;

const waitText = (ms: number) => {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `You've sent a lot in a short time. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} before sending more.`;
};

/**
 * A route's `config` for @fastify/rate-limit: `max` requests per person per window. Counted once the
 * body is valid (preHandler), so bad input is a 400 that costs nothing; a visitor is counted by
 * address (the route then answers 401 anyway).
 */
export function perPerson(kind: SendLimit) {
  const { max, minutes } = SEND_LIMITS[kind];
  return {
    rateLimit: {
      max,
      timeWindow: minutes * 60_000,
      hook: 'preHandler' as const,
      keyGenerator: async (req: FastifyRequest) => {
        const viewer = await req.viewer();
        return viewer ? `${kind}:user:${viewer.id}` : `${kind}:ip:${req.ip}`;
      },
      errorResponseBuilder: (_req: FastifyRequest, ctx: { ttl: number }) => ({ statusCode: 429, message: waitText(ctx.ttl), error: waitText(ctx.ttl) }),
    },
  };
}
