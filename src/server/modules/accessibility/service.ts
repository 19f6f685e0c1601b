/**
 * The accessibility statement's barrier reports (docs/decisions/0078): anyone, signed in or not,
 * tells the admins about something on the site they could not use; the admins are e-mailed at once
 * and read every report on /accessibility-statement.
 */
import type { BarrierReportBody, BarrierReportCreated, BarrierReportList } from '@shared/schemas/accessibility';
import type { Db } from '../../db/client';
import type { Mailer } from '../../plugins/mail';
import type { Viewer } from '../auth/service';
import { refuseUnlessBarrierReader } from './policies';
import * as q from './queries';

export const BARRIER_THANKS =
  "Thank you for telling us. Our admins read every report and will fix what they can; if you left an e-mail address, they'll write back.";
export { ADMINS_ONLY } from './policies';
/** The reports an admin sees at once (newest first). */
export const REPORTS_SHOWN = 100;

export interface BarrierDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  adminEmails: readonly string[];
  log: { error(obj: unknown, msg?: string): void };
}

type Parsed = { [K in keyof BarrierReportBody]-?: string };

/** POST /api/accessibility/reports: stored, then every admin is e-mailed (a failed mail does not lose the report). */
export async function report(d: BarrierDeps, viewer: Viewer | null, body: Parsed): Promise<BarrierReportCreated> {
  const replyTo = body.replyTo !== '' ? body.replyTo.toLowerCase() : null;
  const page = body.page !== '' ? body.page : 'Not given';
  const id = await q.insertReport(d.db, { page, description: body.description, replyTo, userId: viewer?.id ?? null });
  const from = viewer ? `${viewer.name} (member ${viewer.id})` : 'a visitor who was not signed in';
  const text = [
    `A barrier was reported on the site by ${from}.`,
    '',
    `Page: ${page}`,
    '',
    body.description,
    '',
    replyTo ? `They would like an answer at ${replyTo}.` : 'They did not leave an address for an answer.',
    '',
    `Every report: ${d.publicUrl}/accessibility-statement#barrier-reports`,
  ].join('\n');
  for (const to of await q.adminAddresses(d.db, d.adminEmails)) {
    await d.mailer
      .send({ to, subject: `Accessibility barrier reported: ${page}`.slice(0, 200), text })
      .catch((err: unknown) => d.log.error({ err, reportId: id }, 'barrier report e-mail failed'));
  }
  return { id, message: BARRIER_THANKS };
}

/** GET /api/accessibility/reports: admins only. */
export async function list(db: Db, viewer: Viewer): Promise<BarrierReportList> {
  refuseUnlessBarrierReader(viewer);
  const rows = await q.listReports(db, REPORTS_SHOWN);
  return {
    reports: rows.map((r) => ({
      id: r.id,
      page: r.page,
      description: r.description,
      replyTo: r.replyTo,
      from: r.fromId !== null && r.fromName !== null ? { id: r.fromId, name: r.fromName } : null,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
