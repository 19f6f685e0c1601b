/** Who may read the evening reports' trends (docs/decisions/0094): hosts and admins, refused with the reports' own sentence. */
import { forbidden } from '../../errors';
import { hasRole } from '../../plugins/auth';
import type { Viewer } from '../auth/service';

export const TRENDS_HOSTS_ONLY = 'Evening reports are for hosts and admins';

/** Hosts (their evenings) and admins (every evening). Answers whether the viewer is an admin. */
export function refuseUnlessTrendsReader(viewer: Viewer): { admin: boolean } {
  const admin = hasRole(viewer, 'admin');
  if (!admin && !hasRole(viewer, 'host')) throw forbidden(TRENDS_HOSTS_ONLY);
  return { admin };
}
