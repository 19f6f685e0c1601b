/** Who may read barrier reports (docs/decisions/0094): admins, refused with the statement's own sentence. */
import { forbidden } from '../../errors';
import { hasRole } from '../../plugins/auth';
import type { Viewer } from '../auth/service';

export const ADMINS_ONLY = 'Barrier reports are for admins only';

export function refuseUnlessBarrierReader(viewer: Viewer) {
  if (!hasRole(viewer, 'admin')) throw forbidden(ADMINS_ONLY);
}
