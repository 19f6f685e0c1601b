import type { Me } from '@shared/schemas/auth';

/** Who is looking at the host programme: the signed-in member, or null for a visitor. */
export type HostProgramViewer = Pick<Me, 'id' | 'name' | 'email' | 'roles'> | null;
