import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { HostProgramPage } from '@client/features/host-program';

/**
 * /host-program (docs/spec/organiser-tools.md §2.24): a public path. Everyone sees the overview and
 * the active hosts; members apply; admins review the applications (the server decides who sees what).
 */
export function Component() {
  const me = useMe();
  if (me.isPending) return <Spinner />;
  return <HostProgramPage viewer={me.data ?? null} />;
}
