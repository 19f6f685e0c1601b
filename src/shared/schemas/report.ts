import { z } from 'zod';

/** The host's evening report (GitHub issue 36, docs/decisions/0084-the-hosts-evening-report.md). */

export const referenceSchema = z.object({ text: z.string(), low: z.number(), high: z.number(), source: z.string(), better: z.enum(['higher', 'lower']) });

export const rateSchema = z.object({ value: z.number().nullable(), of: z.string(), reference: referenceSchema.nullable() });

export const funnelStepSchema = z.object({
  key: z.string(),
  label: z.string(),
  count: z.number().nullable(),
  rate: rateSchema.nullable(),
  side: rateSchema.extend({ label: z.string() }).nullable(),
  note: z.string(),
});
export type FunnelStepView = z.infer<typeof funnelStepSchema>;

/** One round: the pairs the rotation seated together, and the ratings given for that round (null once deleted uncounted). */
export const reportRoundSchema = z.object({ round: z.number(), pairsMet: z.number(), ratings: z.number().nullable() });

export const reportFeedbackSchema = z.object({
  responses: z.number(),
  averageOverall: z.number().nullable(),
  recommendationRate: z.number().nullable(),
  aspects: z.array(z.object({ key: z.string(), label: z.string(), average: z.number().nullable() })),
  topImprovements: z.array(z.object({ key: z.string(), label: z.string(), count: z.number() })),
});

/** GET /api/events/{id}/report: for the evening's host and admins. `figures` is null until the evening is over. */
export const eveningReportSchema = z.object({
  eventId: z.number(),
  title: z.string(),
  date: z.string(),
  endsAt: z.string(),
  venue: z.string(),
  paid: z.boolean(),
  figures: z
    .object({
      funnel: z.array(funnelStepSchema),
      rounds: z.array(reportRoundSchema),
      /** Ratings given outside a round (a conversation logged by QR code); null once deleted uncounted. */
      ratingsOutsideRounds: z.number().nullable(),
      feedback: reportFeedbackSchema,
      /** When the ratings were deleted (RETENTION_DAYS after the evening) and their counts kept, if they were. */
      ratingsDeletedAt: z.string().nullable(),
    })
    .nullable(),
});
export type EveningReport = z.infer<typeof eveningReportSchema>;

/** One evening's rates on the host's /dashboard, newest first. */
export const reportTrendSchema = z.object({
  eventId: z.number(),
  title: z.string(),
  date: z.string(),
  rates: z.array(z.object({ key: z.string(), label: z.string(), value: z.number().nullable() })),
});
export type ReportTrend = z.infer<typeof reportTrendSchema>;

/** POST /api/events/{id}/visits: the browser counts a tab's visit to the evening's page once. */
export const countedVisitSchema = z.object({ counted: z.boolean() });
