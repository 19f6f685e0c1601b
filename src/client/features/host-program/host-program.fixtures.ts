/** Typed fixtures for the host programme, shaped as the server answers them (src/shared/schemas/host-program.ts). */
import type { ActiveHost, HostApplication } from '@shared/schemas/host-program';
import { DAY, fromNow } from '@client/test/fixtures';
import { Reply } from '@client/test/render';

/** A refusal as the server's error handler writes it. */
export const refusal = (status: number, message: string, errors?: { path: string; message: string }[]) =>
  new Reply(status, errors ? { message, error: message, errors } : { message, error: message });

let nextId = 700;

export function anApplication(over: Partial<HostApplication> = {}): HostApplication {
  return {
    id: over.id ?? nextId++,
    name: 'Priya Patel',
    email: 'priya@example.com',
    location: 'Prestwich',
    experience: 'I run a monthly book club.',
    motivation: 'I love bringing people together.',
    venueIdea: 'The Wine Bar on a Wednesday.',
    proposedEventDate: null,
    status: 'pending',
    appliedDate: fromNow(-2 * DAY),
    decidedAt: null,
    decidedBy: null,
    account: { id: 41, name: 'Priya Patel', email: 'priya@example.com', memberSince: fromNow(-90 * DAY), eveningsAttended: 3 },
    declineReason: null,
    ...over,
  };
}

export function aHost(over: Partial<ActiveHost> = {}): ActiveHost {
  return {
    id: over.id ?? nextId++,
    name: 'Hana Host',
    location: 'Prestwich',
    eventsHosted: 3,
    totalAttendees: 41,
    averageRating: null,
    ratingCount: 0,
    nextEvent: {
      id: 5,
      title: 'Wednesday Wine Bar Friends',
      date: fromNow(6 * DAY),
      startTime: '19:00',
      venue: 'The Wine Bar',
      registrations: 12,
      maxParticipants: 40,
    },
    ...over,
  };
}

export const MEMBER = { id: 11, name: 'Mo Member', email: 'mo@example.com', roles: ['member' as const] };
export const HOST = { id: 12, name: 'Hana Host', email: 'hana@example.com', roles: ['member' as const, 'host' as const] };
export const ADMIN = { id: 13, name: 'Ada Admin', email: 'ada@example.com', roles: ['member' as const, 'host' as const, 'admin' as const] };
