import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { barrierReports, userRoles, users } from '../../db/schema/index';

export async function insertReport(db: Db, row: { page: string; description: string; replyTo: string | null; userId: number | null }) {
  const [created] = await db.insert(barrierReports).values(row).returning({ id: barrierReports.id });
  return created!.id;
}

/** The newest reports first, with the sender's name when they were signed in. */
export function listReports(db: Db, limit: number) {
  return db
    .select({
      id: barrierReports.id,
      page: barrierReports.page,
      description: barrierReports.description,
      replyTo: barrierReports.replyTo,
      createdAt: barrierReports.createdAt,
      fromId: users.id,
      fromName: users.name,
    })
    .from(barrierReports)
    .leftJoin(users, eq(users.id, barrierReports.userId))
    .orderBy(desc(barrierReports.createdAt), desc(barrierReports.id))
    .limit(limit);
}

/**
 * The addresses of the admins who can act on a report: accounts with the stored admin role (not
 * suspended) and the ADMIN_EMAILS addresses (admins by configuration, with an account or not yet).
 */
export async function adminAddresses(db: Db, adminEmails: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: users.email })
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(eq(userRoles.role, 'admin'), isNull(users.suspendedAt)));
  return [...new Set([...rows.map((r) => r.email.toLowerCase()), ...adminEmails.map((e) => e.toLowerCase())])];
}
