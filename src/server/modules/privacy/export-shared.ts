import { alias } from 'drizzle-orm/pg-core';
import { events, users } from '../../db/schema/index';

/** Shared by the data export's queries: the other person in a row, and the evening a row belongs to. */
export const other = alias(users, 'other');
export const otherPerson = { id: other.id, name: other.name };
export const evening = { eventId: events.id, title: events.title };
