/**
 * Who may act on an evening (docs/decisions/0094): the resource checks of the events module, each
 * with the sentence the screen shows. Services call these; routes say only the role
 * (`config.access`, plugins/auth.ts).
 */
import { forbidden } from '../../errors';
import { hasRole } from '../../plugins/auth';
import type { Viewer } from '../auth/service';

export const CREATE_FOR_OTHERS = 'You can only create events you host yourself';

/** Hosts of an event: its host, and admins. */
export function isHostOf(viewer: Viewer | null, event: { hostId?: number | null }) {
  return !!viewer && (hasRole(viewer, 'admin') || (hasRole(viewer, 'host') && event.hostId === viewer.id));
}

/**
 * `isHostOf` said as a condition for a statement that acts only on an evening this viewer hosts
 * (docs/decisions/0137): `{ hostId: null }` for an admin (any evening), `{ hostId: id }` for a host
 * (the evening's host must be them), null for anyone else (no evening: do not ask).
 */
export function hostToMatch(viewer: Viewer): { hostId: number | null } | null {
  if (hasRole(viewer, 'admin')) return { hostId: null };
  return hasRole(viewer, 'host') ? { hostId: viewer.id } : null;
}

/** 403 with `refusal` (the sentence the screen shows) unless the viewer hosts the event or is an admin. */
export function refuseUnlessHostOf(viewer: Viewer, event: { hostId: number | null }, refusal: string) {
  if (!isHostOf(viewer, event)) throw forbidden(refusal);
}

/** An evening is created for its creator; only an admin may name another host. */
export function refuseUnlessCreatesFor(viewer: Viewer, hostId: number | null | undefined) {
  if (hostId && hostId !== viewer.id && !hasRole(viewer, 'admin')) throw forbidden(CREATE_FOR_OTHERS);
}
