import { useMe } from '@client/features/auth/api/auth';
import { AccessibilityStatement } from '@client/features/legal/components/accessibility-statement';
import { SiteFooter } from '@client/features/legal/components/site-footer';

/** /accessibility-statement (public, docs/decisions/0078); an admin also sees the barriers reported. */
export function Component() {
  const me = useMe();
  return (
    <>
      <AccessibilityStatement admin={!!me.data?.roles.includes('admin')} />
      <SiteFooter />
    </>
  );
}
