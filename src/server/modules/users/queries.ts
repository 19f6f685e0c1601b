import { and, asc, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, eventWaitlist, friendSeats, mailOutbox, payments, profileAnswers, registrations, userRoles, users } from '../../db/schema/index';

const userColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  email: users.email,
  age: users.age,
  bio: users.bio,
  interests: users.interests,
  profileImage: users.profileImage,
  contactInfo: users.contactInfo,
  personalityTraits: users.personalityTraits,
  preferences: users.preferences,
  communicationStyle: users.communicationStyle,
  createdAt: users.createdAt,
};

export type UserRow = Awaited<ReturnType<typeof findUser>> & {};

export type NewUser = typeof users.$inferInsert;

/** Insert unless the e-mail is taken; null means taken (no read-then-write race). */
export async function insertUser(db: Db, values: NewUser) {
  const rows = await db.insert(users).values(values).onConflictDoNothing({ target: users.email }).returning(userColumns);
  return rows[0] ?? null;
}

export async function findUser(db: Db, id: number) {
  const rows = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function listUsers(db: Db) {
  return db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      age: users.age,
      bio: users.bio,
      interests: users.interests,
      username: users.username,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(asc(users.createdAt), asc(users.id));
}

export async function updateUser(db: Db, id: number, values: Pick<NewUser, 'name' | 'age' | 'bio' | 'contactInfo' | 'interests'>) {
  const rows = await db.update(users).set(values).where(eq(users.id, id)).returning(userColumns);
  return rows[0] ?? null;
}

/**
 * Delete the account. Seats it held on upcoming events are given back in the same
 * transaction, so participant counts stay true.
 */
export async function deleteUser(db: Db, id: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      UPDATE ${events} SET participant_count = participant_count - 1, seats_taken = seats_taken - 1
      WHERE id IN (SELECT event_id FROM ${registrations} WHERE user_id = ${id})`);
    await tx.execute(sql`
      UPDATE ${events} e SET seats_taken = e.seats_taken - h.n
      FROM (SELECT event_id, count(*)::int AS n FROM ${payments} WHERE user_id = ${id} AND holds_seat GROUP BY event_id) h
      WHERE e.id = h.event_id`);
    // A seat offered to them off a waitlist is counted too: the cascade deletes the offer the
    // expiry sweep would have given back, so give it back here (issue 21; docs/decisions/0016).
    // The sweep then offers it to the next in line.
    await tx.execute(sql`
      UPDATE ${events} e SET seats_taken = e.seats_taken - w.n
      FROM (SELECT event_id, sum(seats)::int AS n FROM ${eventWaitlist} WHERE user_id = ${id} AND status = 'offered' GROUP BY event_id) w
      WHERE e.id = w.event_id`);
    // A friend's seat they booked and nobody has claimed yet is counted too (docs/decisions/0075).
    await tx.execute(sql`
      UPDATE ${events} e SET seats_taken = e.seats_taken - f.n
      FROM (SELECT event_id, count(*)::int AS n FROM ${friendSeats} WHERE from_user_id = ${id} AND holds_seat GROUP BY event_id) f
      WHERE e.id = f.event_id`);
    const email = await tx.select({ email: users.email }).from(users).where(eq(users.id, id));
    const rows = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    if (email[0]) await tx.delete(mailOutbox).where(eq(mailOutbox.to, email[0].email));
    return rows.length > 0;
  });
}

export async function attendedCount(db: Db, userId: number) {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(eq(registrations.userId, userId), eq(registrations.checkedIn, true), lt(events.date, sql`now()`)));
  return rows[0]?.n ?? 0;
}

export async function findIdByEmail(db: Db, email: string) {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows[0]?.id ?? null;
}

export async function insertRole(db: Db, userId: number, role: 'host' | 'admin') {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

export async function removeRole(db: Db, userId: number, role: 'host' | 'admin') {
  const rows = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .returning({ userId: userRoles.userId });
  return rows.length > 0;
}

const answerColumns = {
  personality: profileAnswers.personality,
  motivations: profileAnswers.motivations,
  lookingFor: profileAnswers.lookingFor,
  completedAt: profileAnswers.completedAt,
};

/** The registration wizard's answers (/register), or null if the member has not completed it. */
export async function findAnswers(db: Db, userId: number) {
  const rows = await db.select(answerColumns).from(profileAnswers).where(eq(profileAnswers.userId, userId)).limit(1);
  return rows[0] ?? null;
}

/**
 * Save the wizard in one transaction: name, age, interests and the derived matching traits on the
 * profile (merged into the traits already there), the raw answers beside it. Null: no such member.
 */
export async function saveAnswers(
  db: Db,
  userId: number,
  profile: { name: string; age: number; interests: string[]; traits: Record<string, number> },
  answers: { personality: Record<string, number>; motivations: string[]; lookingFor: string | null },
) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({
        name: profile.name,
        age: profile.age,
        interests: profile.interests,
        personalityTraits: sql`${users.personalityTraits} || ${JSON.stringify(profile.traits)}::jsonb`,
      })
      .where(eq(users.id, userId))
      .returning(userColumns);
    const user = rows[0];
    if (!user) return null;
    const saved = await tx
      .insert(profileAnswers)
      .values({ userId, ...answers })
      .onConflictDoUpdate({ target: profileAnswers.userId, set: { ...answers, completedAt: sql`now()` } })
      .returning(answerColumns);
    return { user, answers: saved[0]! };
  });
}
