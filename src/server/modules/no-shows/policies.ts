/**
 * Who may see no-shows (docs/decisions/0094), each refused with the module's own sentence: hosts
 * and admins the counts per evening, admins alone who missed which and clearing one.
 */
import { forbidden } from '../../errors';
import { hasRole } from '../../plugins/auth';
import type { Viewer } from '../auth/service';

export const ADMINS_ONLY = 'Only admins can see and clear no-shows';
export const HOSTS_ONLY = 'No-show counts are for hosts and admins';

/** The counts per evening: hosts (their evenings) and admins (every evening). Answers whether the viewer is an admin. */
export function refuseUnlessCountsReader(viewer: Viewer): { admin: boolean } {
  const admin = hasRole(viewer, 'admin');
  if (!admin && !hasRole(viewer, 'host')) throw forbidden(HOSTS_ONLY);
  return { admin };
}

/** Who missed which evening, and clearing one: admins only. */
export function refuseUnlessNoShowAdmin(viewer: Viewer) {
  if (!hasRole(viewer, 'admin')) throw forbidden(ADMINS_ONLY);
}
