/**
 * The accessibility statement's barrier report (docs/decisions/0078): what anyone may tell the
 * admins about something on the site they could not use.
 */
import { z } from 'zod';
import { storedText } from './common';
import { EMAIL_MAX } from '../domain/constants';
import { EMAIL_RE } from './users';

export const BARRIER_PAGE_MAX = 200;
export const BARRIER_DESCRIPTION_MIN = 10;
export const BARRIER_DESCRIPTION_MAX = 2000;
/** Barrier reports one address (or account) may send in an hour. */
export const BARRIER_REPORTS_PER_HOUR = 5;

export const barrierReportBody = z.object({
  page: storedText({ error: 'Tell us which page' }).trim().max(BARRIER_PAGE_MAX, `Please keep the page under ${BARRIER_PAGE_MAX} characters`).default(''),
  description: storedText({ error: 'Tell us what got in your way' })
    .trim()
    .min(BARRIER_DESCRIPTION_MIN, 'Please tell us a little more about what got in your way')
    .max(BARRIER_DESCRIPTION_MAX, `Please keep it under ${BARRIER_DESCRIPTION_MAX} characters`),
  // Optional: where the admins may answer (empty when the sender does not want an answer).
  replyTo: storedText({ error: 'Please enter a valid email address' })
    .trim()
    .max(EMAIL_MAX, 'Please enter a valid email address')
    .refine((s) => s === '' || EMAIL_RE.test(s), 'Please enter a valid email address')
    .default(''),
});
export type BarrierReportBody = z.input<typeof barrierReportBody>;

export const barrierReportCreated = z.object({ id: z.number(), message: z.string() });
export type BarrierReportCreated = z.infer<typeof barrierReportCreated>;

export const barrierReportRow = z.object({
  id: z.number(),
  page: z.string(),
  description: z.string(),
  replyTo: z.string().nullable(),
  from: z.object({ id: z.number(), name: z.string() }).nullable(),
  createdAt: z.string(),
});

export const barrierReportList = z.object({ reports: z.array(barrierReportRow) });
export type BarrierReportList = z.infer<typeof barrierReportList>;
