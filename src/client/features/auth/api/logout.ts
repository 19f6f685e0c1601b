import { post } from '@client/lib/api';
import { clearAppQueries } from '@client/lib/app-query-client';
import { forgetUser } from '@client/lib/session';

/**
 * Logout, from the header of every screen: end the server session, and whatever it answers, forget
 * the member and every cached answer in this browser. A plain function, not a mutation hook: the
 * header is also on the landing page, whose first paint goes without TanStack Query
 * (docs/decisions/0024-the-landing-page-without-tanstack-query.md).
 */
export async function logOut() {
  try {
    await post('/api/auth/logout', undefined, () => import('@shared/schemas/common').then((m) => m.noContent));
  } finally {
    forgetUser();
    clearAppQueries();
  }
}
