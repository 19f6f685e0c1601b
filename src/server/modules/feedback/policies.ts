/**
 * Who may react to an evening and read a reaction (docs/decisions/0094), each refused with the
 * feedback's own sentence. The host's insights use the evening's host check (events/policies.ts).
 */
import { forbidden } from '../../errors';
import { hasRole } from '../../plugins/auth';
import type { Viewer } from '../auth/service';

export const OWN_REACTION_ONLY = 'You can only see your own reaction';
export const REACT_CHECKED_IN_ONLY = 'Only guests who were checked in at this evening can react to it';

/** Reacting moves the public counts: guests who were checked in only (hosts and admins included). */
export function refuseUnlessCheckedIn(registration: { checkedIn: boolean } | null | undefined) {
  if (!registration?.checkedIn) throw forbidden(REACT_CHECKED_IN_ONLY);
}

/** A member reads their own reaction; admins anyone's. */
export function refuseUnlessOwnReaction(viewer: Viewer, userId: number) {
  if (viewer.id !== userId && !hasRole(viewer, 'admin')) throw forbidden(OWN_REACTION_ONLY);
}
