/**
 * The host programme (docs/spec/organiser-tools.md §2.24; docs/product.md "Identity and roles":
 * hosts are granted when an admin approves a host application, and "Organiser tools are real":
 * applications and approvals are stored and work). A signed-in member applies once at a time; an
 * admin approves (the host role is granted at once: roles are read from the database on every
 * request) or writes to the applicant; everyone sees the active hosts and their real figures.
 */
import type { z } from 'zod';
import type { ActiveHost, HostApplication, hostApplicationBody, HostMessageSent, MyHostProgram } from '@shared/schemas/host-program';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../errors';
import type { Mailer } from '../../plugins/mail';
import type { Viewer } from '../auth/service';
import * as feedback from '../feedback/service';
import * as users from '../users/service';
import { refuseUnlessReviewer } from './policies';
import * as q from './queries';

export const ALREADY_HOST = 'You are already a host: your host tools are ready to use.';
export const ALREADY_PENDING = 'You already have an application waiting for review. We will e-mail you as soon as an admin has looked at it.';
export const ALREADY_APPROVED = 'This application is already approved.';
export const NOT_PENDING = 'This application is no longer waiting for review.';
export const NOT_YOURS = 'You can only withdraw your own application.';
export const APPLICATION_NOT_FOUND = 'Application not found';
export const APPLICANT_NO_ACCOUNT = 'The applicant no longer has an account, so there is no address to write to.';
export const APPLICANT_GONE = 'The applicant no longer has an account, so the host role cannot be granted.';

/** How many approved applications the admin list shows after the pending ones. */
export const APPROVED_SHOWN = 50;

export interface HostProgramDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  now: () => Date;
}

const APP_NAME = 'Speed Friendship';

function toApplication(row: q.ApplicationRow): HostApplication {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    location: row.location,
    experience: row.experience,
    motivation: row.motivation,
    venueIdea: row.venueIdea,
    proposedEventDate: row.proposedEventDate,
    status: row.status,
    appliedDate: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: row.decidedBy,
    account:
      row.userId !== null && row.accountEmail !== null && row.accountName !== null && row.accountCreatedAt !== null
        ? {
            id: row.userId,
            name: row.accountName,
            email: row.accountEmail,
            memberSince: row.accountCreatedAt.toISOString(),
            eveningsAttended: Number(row.eveningsAttended),
          }
        : null,
    declineReason: row.declineReason,
  };
}

const isHost = (viewer: Viewer) => viewer.roles.includes('host');

/** The viewer's own standing: host or not, and their newest application. */
export async function mine(db: Db, viewer: Viewer): Promise<MyHostProgram> {
  const row = await q.latestApplicationOf(db, viewer.id);
  return { isHost: isHost(viewer), application: row ? toApplication(row) : null };
}

/** Apply to host. One pending application per person: the database's partial unique index decides, also for two at once. */
export async function apply(db: Db, viewer: Viewer, input: z.output<typeof hostApplicationBody>): Promise<HostApplication> {
  if (isHost(viewer)) throw conflict(ALREADY_HOST);
  const id = await q.insertPendingApplication(db, { userId: viewer.id, ...input });
  if (id === null) throw conflict(ALREADY_PENDING);
  return toApplication((await q.findApplication(db, id))!);
}

/** Admins: the pending applications (oldest first), then the latest approved ones. */
export async function list(db: Db, viewer: Viewer): Promise<HostApplication[]> {
  refuseUnlessReviewer(viewer);
  return (await q.listApplications(db, APPROVED_SHOWN)).map(toApplication);
}

/**
 * Admins: approve a pending application. In one transaction the application becomes approved
 * (only if it is still pending: a second approval finds nothing to change and answers 409) and
 * the applicant's account gets the host role, which their current session sees on its next request.
 * Then the applicant is e-mailed.
 */
export async function approve(d: HostProgramDeps, viewer: Viewer, id: number): Promise<HostApplication> {
  refuseUnlessReviewer(viewer);
  await d.db.transaction(async (tx) => {
    const approved = await q.markApproved(tx, id, viewer.id);
    if (!approved) {
      const row = await q.findApplication(tx, id);
      if (!row) throw notFound(APPLICATION_NOT_FOUND);
      throw conflict(row.status === 'approved' ? ALREADY_APPROVED : NOT_PENDING);
    }
    if (approved.userId === null) throw conflict(APPLICANT_GONE);
    const account = await users.getUser(tx, approved.userId);
    await users.grantRole(tx, account.email, 'host');
  });
  const application = toApplication((await q.findApplication(d.db, id))!);
  // To the account's login address, never the one typed on the form (issue 21: anyone can type any address).
  if (application.account) await d.mailer.send(approvalMail(application, application.account, d.publicUrl));
  return application;
}

/**
 * Admins: decline a pending application with a reason. Only a pending one changes (two admins at
 * once: the second gets 409); the applicant is e-mailed the reason and sees it on /host-program.
 */
export async function decline(d: HostProgramDeps, viewer: Viewer, id: number, reason: string): Promise<HostApplication> {
  refuseUnlessReviewer(viewer);
  const declined = await q.markDeclined(d.db, id, viewer.id, reason);
  if (!declined) {
    if (!(await q.findApplication(d.db, id))) throw notFound(APPLICATION_NOT_FOUND);
    throw conflict(NOT_PENDING);
  }
  const application = toApplication((await q.findApplication(d.db, id))!);
  // To the account's login address, never the typed one (docs/decisions/0039); a deleted account gets no mail.
  if (!application.account) return application;
  await d.mailer.send({
    to: application.account.email,
    subject: `About your ${APP_NAME} host application`,
    text: [
      `Hi ${application.name},`,
      '',
      `Thank you for applying to host ${APP_NAME} evenings. We are not able to approve your application this time. The reason:`,
      '',
      reason,
      '',
      `You are welcome to apply again: ${d.publicUrl}/host-program`,
      '',
      `${viewer.name}, ${APP_NAME}`,
    ].join('\n'),
    html: `<p>Hi ${esc(application.name)},</p><p>Thank you for applying to host ${APP_NAME} evenings. We are not able to approve your application this time. The reason:</p>${paragraphs(reason)}<p>You are welcome to <a href="${esc(`${d.publicUrl}/host-program`)}">apply again</a>.</p><p>${esc(viewer.name)}, ${APP_NAME}</p>`,
  });
  return application;
}

/** The applicant: withdraw their own pending application (they may apply again later). */
export async function withdraw(db: Db, viewer: Viewer, id: number): Promise<HostApplication> {
  const withdrawn = await q.markWithdrawn(db, id, viewer.id);
  if (!withdrawn) {
    const row = await q.findApplication(db, id);
    if (!row) throw notFound(APPLICATION_NOT_FOUND);
    if (row.userId !== viewer.id) throw forbidden(NOT_YOURS);
    throw conflict(NOT_PENDING);
  }
  return toApplication((await q.findApplication(db, id))!);
}

/** Admins: a note to the applicant, by e-mail (to their account's login address, not the typed one). */
export async function message(d: HostProgramDeps, viewer: Viewer, id: number, text: string): Promise<HostMessageSent> {
  refuseUnlessReviewer(viewer);
  const row = await q.findApplication(d.db, id);
  if (!row) throw notFound(APPLICATION_NOT_FOUND);
  const account = toApplication(row).account;
  if (!account) throw conflict(APPLICANT_NO_ACCOUNT);
  const to = account.email;
  await d.mailer.send({
    to,
    subject: `A message about your ${APP_NAME} host application`,
    text: [`Hi ${account.name},`, '', text, '', `${viewer.name}, ${APP_NAME}`, '', `The host programme: ${d.publicUrl}/host-program`].join('\n'),
    html: `<p>Hi ${esc(account.name)},</p>${paragraphs(text)}<p>${esc(viewer.name)}, ${APP_NAME}</p><p><a href="${esc(`${d.publicUrl}/host-program`)}">The host programme</a></p>`,
  });
  return { message: `Message sent to ${account.name}`, sentTo: to, sentAt: d.now().toISOString() };
}

/**
 * Everyone: the hosts and their figures (no e-mail or phone); their public rating, to one decimal,
 * once enough feedback from guests who booked their own place counts (null before: docs/decisions/0067).
 */
export async function activeHosts(d: Pick<HostProgramDeps, 'db' | 'now'>): Promise<ActiveHost[]> {
  const [rows, ratings] = await Promise.all([q.activeHosts(d.db, d.now()), feedback.hostRatings(d.db)]);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    location: r.location,
    eventsHosted: r.eventsHosted,
    totalAttendees: r.totalAttendees,
    averageRating: ratings.get(r.id)?.averageRating ?? null,
    ratingCount: ratings.get(r.id)?.ratingCount ?? 0,
    nextEvent: r.next ? { ...r.next, date: r.next.date.toISOString() } : null,
  }));
}

/* ------------------------------------------------------------ mail */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const paragraphs = (text: string) =>
  text
    .split(/\n{2,}/)
    .map((p) => `<p>${esc(p).replace(/\n/g, '<br>')}</p>`)
    .join('');

function approvalMail(a: HostApplication, to: { email: string; name: string }, publicUrl: string) {
  const tools = [
    ['Create an evening', '/create-event'],
    ['Your venues', '/venues'],
    ['Check guests in', '/check-in'],
    ['Message your guests', '/messaging'],
  ] as const;
  return {
    to: to.email,
    subject: `Welcome, host! Your ${APP_NAME} application is approved`,
    text: [
      `Hi ${to.name},`,
      '',
      `Good news: your application to host ${APP_NAME} evenings in ${a.location} is approved.`,
      'Your account now has the host role. You get free entry to the evenings you organise and every host tool:',
      '',
      ...tools.map(([label, path]) => `- ${label}: ${publicUrl}${path}`),
      '',
      'Log in with the e-mail address of your account and the tools are there at once.',
      '',
      'Welcome to the team!',
      APP_NAME,
    ].join('\n'),
    html: `<p>Hi ${esc(to.name)},</p><p>Good news: your application to host ${APP_NAME} evenings in <strong>${esc(a.location)}</strong> is approved.</p>
<p>Your account now has the host role. You get free entry to the evenings you organise and every host tool:</p>
<ul>${tools.map(([label, path]) => `<li><a href="${esc(publicUrl + path)}">${esc(label)}</a></li>`).join('')}</ul>
<p>Log in with the e-mail address of your account and the tools are there at once.</p><p>Welcome to the team!<br>${APP_NAME}</p>`,
  };
}
