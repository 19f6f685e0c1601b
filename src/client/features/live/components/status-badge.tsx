import type { DashboardStatus } from '../lib/timer';

/** Dashboard statuses (docs/spec/organiser-tools.md §4) as badges. */
export const STATUS_BADGE: Record<DashboardStatus, { label: string; tone: 'green' | 'apricot' | 'grey' | 'wine' }> = {
  waiting: { label: 'Waiting', tone: 'grey' },
  active: { label: 'Active', tone: 'green' },
  break: { label: 'Break', tone: 'apricot' },
  completed: { label: 'Completed', tone: 'wine' },
};
