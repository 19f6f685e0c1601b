/**
 * Who may review host applications (docs/decisions/0094): admins, refused with the programme's own
 * sentence (not the route-level "This is for admins only", so the check stays here, not on the route).
 */
import { forbidden } from '../../errors';
import { hasRole } from '../../plugins/auth';
import type { Viewer } from '../auth/service';

export const ADMINS_ONLY = 'Only admins can review host applications.';

/** Listing, approving, declining and writing to applicants: admins only. */
export function refuseUnlessReviewer(viewer: Viewer) {
  if (!hasRole(viewer, 'admin')) throw forbidden(ADMINS_ONLY);
}
