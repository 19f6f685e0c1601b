import { z } from 'zod';

/**
 * GET /api/me/groups: the signed-in member's community groups (docs/spec/organiser-tools.md §2.17,
 * src/shared/domain/friend-groups.ts): cliques of mutual matches, across the member's evenings.
 */

/** A person of a group as its members may see them: the public profile, never e-mail or phone. */
export const groupMemberSchema = z.object({
  id: z.number(),
  name: z.string(),
  age: z.number(),
  interests: z.array(z.string()),
  profileImage: z.string().nullable(),
  /** The viewer themself. */
  isYou: z.boolean(),
  /** Contact shared between this person and the viewer (both pressed Share Contact, or released); true for the viewer. */
  sharedWithYou: z.boolean(),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

/** An evening at which members of the group matched and every member of the group was checked in: where they all met. */
export const groupEveningSchema = z.object({ id: z.number(), title: z.string(), date: z.string() });

export const friendGroupSchema = z.object({
  /** The member ids, sorted and joined: stable while the group stays the same. */
  key: z.string(),
  /** The viewer first, then the others by name. */
  members: z.array(groupMemberSchema),
  /** Oldest first; empty when the group's pairs matched at different evenings and they were never all in one room. */
  evenings: z.array(groupEveningSchema),
  /** True when every pair of the group has its contact shared: then everyone may see everyone's address. */
  everyoneShared: z.boolean(),
  /**
   * A mailto: link to every other member, only when everyone's contact is shared (an e-mail to the
   * group shows each address to all of them); null otherwise. There is no chat service: this is it.
   */
  chatLink: z.string().nullable(),
});
export type FriendGroup = z.infer<typeof friendGroupSchema>;

export const myGroupsSchema = z.object({ groups: z.array(friendGroupSchema) });
export type MyGroups = z.infer<typeof myGroupsSchema>;
