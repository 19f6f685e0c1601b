/**
 * Who may read and act on safety reports (docs/decisions/0094), each refused with the safety
 * tools' own sentence: hosts read the reports of their evenings, admins all of them; only an admin
 * marks one handled or suspends an account.
 */
import { forbidden } from '../../errors';
import { hasRole } from '../../plugins/auth';
import type { Viewer } from '../auth/service';

export const HOSTS_ONLY = 'Reports are for hosts and admins';
export const HANDLE_ADMINS_ONLY = 'Only an admin can mark a report handled';
export const SUSPEND_ADMINS_ONLY = 'Only an admin can suspend an account';

/** Reading reports: hosts and admins. Answers whether the viewer reads them as an admin (every report). */
export function refuseUnlessReportReader(viewer: Viewer): { admin: boolean } {
  const admin = hasRole(viewer, 'admin');
  if (!admin && !hasRole(viewer, 'host')) throw forbidden(HOSTS_ONLY);
  return { admin };
}

export function refuseUnlessReportHandler(viewer: Viewer) {
  if (!hasRole(viewer, 'admin')) throw forbidden(HANDLE_ADMINS_ONLY);
}

export function refuseUnlessSuspender(viewer: Viewer) {
  if (!hasRole(viewer, 'admin')) throw forbidden(SUSPEND_ADMINS_ONLY);
}
