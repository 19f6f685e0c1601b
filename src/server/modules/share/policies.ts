/**
 * Who may read share analytics (docs/decisions/0094): hosts and admins, refused with the
 * analytics' own sentence; one evening's figures are for its host (events/policies.ts).
 */
import { forbidden } from '../../errors';
import { hasRole } from '../../plugins/auth';
import type { Viewer } from '../auth/service';

export const ANALYTICS_HOSTS_ONLY = 'Share analytics are for hosts only';

export function refuseUnlessAnalyticsReader(viewer: Viewer) {
  if (!hasRole(viewer, 'host') && !hasRole(viewer, 'admin')) throw forbidden(ANALYTICS_HOSTS_ONLY);
}
