import { useQuery } from '@tanstack/react-query';
import { eveningReportSchema, reportTrendSchema } from '@shared/schemas/report';
import { get, listOf } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** The host's evening report (GitHub issue 36, docs/decisions/0084-the-hosts-evening-report.md). */

/** GET /api/events/{id}/report (the evening's host and admins). A refusal (403, 404) is not retried. */
export const useEveningReport = (eventId: number | null) =>
  useQuery({
    queryKey: queryKeys.eveningReport(eventId ?? 0),
    queryFn: () => get(`/api/events/${eventId}/report`, eveningReportSchema),
    enabled: eventId !== null,
    retry: false,
  });

/** The CSV of the same figures: a plain download link. */
export const reportCsvUrl = (eventId: number) => `/api/events/${eventId}/report.csv`;

/** GET /api/reports/trends (hosts and admins): the rates of their evenings over, newest first. */
export const useReportTrends = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.reportTrends(), queryFn: () => get('/api/reports/trends', listOf(reportTrendSchema)), enabled });
