/**
 * Safety tools for the people in the room (GitHub issue 21, docs/decisions/0041, 0042): blocks,
 * reports, account suspension and removing a guest from a running evening.
 */
import { z } from 'zod';
import { idField, storedText } from './common';

/* ------------------------------------------------------------ block */

export const blockBody = z.object({ userId: idField() });

export const blockedPerson = z.object({
  userId: z.number(),
  name: z.string(),
  blockedAt: z.string(),
});

export const blockList = z.object({ blocks: z.array(blockedPerson) });
export type BlockList = z.infer<typeof blockList>;

export const blockState = z.object({ userId: z.number(), blocked: z.boolean() });
export type BlockState = z.infer<typeof blockState>;

/* ------------------------------------------------------------ report */

export const REPORT_REASONS = ['harassment', 'unsafe', 'inappropriate', 'fake_profile', 'no_consent', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  harassment: 'Harassment or bullying',
  unsafe: 'Made me feel unsafe',
  inappropriate: 'Inappropriate behaviour or messages',
  fake_profile: 'Fake profile or not who they said',
  no_consent: 'Shared my details without consent',
  other: 'Something else',
};
export const REPORT_CONTEXTS = ['evening', 'match', 'invite'] as const;
export type ReportContext = (typeof REPORT_CONTEXTS)[number];

/** What a member may write in a report. */
export const REPORT_DETAILS_MAX = 1000;
/** Reports one member may make in 24 hours. */
export const REPORTS_PER_DAY = 5;

export const reportBody = z.object({
  userId: idField(),
  eventId: idField(),
  context: z.enum(REPORT_CONTEXTS, { error: 'Choose where this happened' }),
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  details: storedText().trim().max(REPORT_DETAILS_MAX, `Please keep it under ${REPORT_DETAILS_MAX} characters`).default(''),
});
export type ReportBody = z.input<typeof reportBody>;

export const reportCreated = z.object({ id: z.number(), message: z.string() });

const personRef = z.object({ id: z.number(), name: z.string(), email: z.string().nullable(), suspended: z.boolean() });

export const reportRow = z.object({
  id: z.number(),
  reporter: z.object({ id: z.number(), name: z.string() }),
  reported: personRef,
  event: z.object({ id: z.number(), title: z.string(), date: z.string() }),
  context: z.enum(REPORT_CONTEXTS),
  reason: z.enum(REPORT_REASONS),
  details: z.string(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
});
export type ReportRow = z.infer<typeof reportRow>;

export const reportList = z.object({ reports: z.array(reportRow), canHandle: z.boolean() });
export type ReportList = z.infer<typeof reportList>;

/* ------------------------------------------------------------ suspend */

export const suspendBody = z.object({ suspended: z.boolean() });
export const suspensionResult = z.object({
  userId: z.number(),
  suspended: z.boolean(),
  /** Future bookings cancelled (each by the refund rule). */
  cancelledBookings: z.number(),
  refunds: z.number(),
});
export type SuspensionResult = z.infer<typeof suspensionResult>;

/* ------------------------------------------------------------ remove a guest */

export const removeGuestResult = z.object({ userId: z.number(), removed: z.literal(true), replanned: z.boolean() });
