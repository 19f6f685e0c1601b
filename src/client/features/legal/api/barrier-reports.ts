import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BarrierReportBody } from '@shared/schemas/accessibility';
import { get, post } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

const schemas = () => import('@shared/schemas/accessibility');

/** GET /api/accessibility/reports: every barrier reported, for the admins (docs/decisions/0078). */
export const barrierReportsQuery = () =>
  queryOptions({
    queryKey: queryKeys.barrierReports(),
    queryFn: () => get('/api/accessibility/reports', () => schemas().then((m) => m.barrierReportList)),
  });

export const useBarrierReports = (enabled: boolean) => useQuery({ ...barrierReportsQuery(), enabled });

/** POST /api/accessibility/reports: anyone tells the admins about a barrier. */
export function useReportBarrier() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BarrierReportBody) => post('/api/accessibility/reports', body, () => schemas().then((m) => m.barrierReportCreated)),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.barrierReports() }),
  });
}
