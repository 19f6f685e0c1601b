/**
 * What would help a guest on the night (issue 39, docs/decisions/0086-access-needs-at-booking.md):
 * free text a booked guest gives, which only the evening's hosts (and admins) see at the door.
 */
import { z } from 'zod';
import { storedText } from './common';

/** Enough for "I lip-read: a quiet table, and please face me when you speak" several times over, not a letter. */
export const ACCESS_NEEDS_MAX = 300;
/** Saves one member may make in an hour (the note reaches the hosts: anything sent to others has a limit). */
export const ACCESS_NEEDS_SAVES_PER_HOUR = 30;

/** PUT /api/events/{id}/access-needs: the note; empty takes it away. */
export const accessNeedsBody = z.object({
  note: storedText({ error: 'Tell the hosts what would help, or leave it empty' })
    .trim()
    .max(ACCESS_NEEDS_MAX, `Please keep it under ${ACCESS_NEEDS_MAX} characters`),
});
export type AccessNeedsBody = z.input<typeof accessNeedsBody>;

/** The guest's own note for an evening (null: none given). */
export const accessNeedsSchema = z.object({ note: z.string().nullable() });
export type AccessNeeds = z.infer<typeof accessNeedsSchema>;
