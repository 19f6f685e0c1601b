import { friendGroups } from '@shared/domain/friend-groups';
import type { MyGroups } from '@shared/schemas/friend-groups';
import type { Db } from '../../db/client';
import type { Viewer } from '../auth/service';
import { pairOf } from './matches';
import * as q from './queries';

/** An address for a mailto: link: percent-encoded, the @ kept readable. */
const mailtoAddress = (email: string) => encodeURIComponent(email).replace(/%40/g, '@');

/**
 * GET /api/me/groups (docs/spec/organiser-tools.md §2.17): the viewer's community groups, cliques of
 * mutual matches across their evenings (src/shared/domain/friend-groups.ts). Members show their public
 * profile only. The group chat link is a mailto: to every other member, given only when every pair of
 * the group has its contact shared (an e-mail to the group shows each address to all of them,
 * docs/product.md "Personal data"); otherwise there is no link.
 */
export async function myGroups(db: Db, viewer: Viewer): Promise<MyGroups> {
  const mine = await q.matchesOfUser(db, viewer.id);
  const ids = [...new Set([viewer.id, ...mine.flatMap((m) => [m.user1Id, m.user2Id])])];
  // Matches a block hides are left out by the queries, as on /my-matches: a match released before the
  // block stays, and with it the group; one released after it is in neither (docs/decisions/0062).
  const rows = await q.matchesAmong(db, ids);
  const groups = friendGroups(
    viewer.id,
    rows.map((r) => [r.user1Id, r.user2Id] as const),
  );
  if (!groups.length) return { groups: [] };
  const people = new Map((await q.people(db, [...new Set(groups.flat())])).map((p) => [p.id, p]));
  const pairKey = (a: number, b: number) => pairOf(a, b).join(':');
  const sharedPairs = new Set(rows.filter((r) => r.shared).map((r) => pairKey(r.user1Id, r.user2Id)));
  // "Where you met" names only evenings at which every member of the group was checked in (issue 22):
  // a pair matching at an evening the third never came to is not where the group met.
  const present = new Map<number, Set<number>>();
  for (const c of await q.checkedInAmong(db, [...new Set(rows.map((r) => r.eventId))], [...new Set(groups.flat())])) {
    if (!present.has(c.eventId)) present.set(c.eventId, new Set());
    present.get(c.eventId)!.add(c.userId);
  }
  const allThere = (eventId: number, ids: number[]) => ids.every((id) => present.get(eventId)?.has(id));
  return {
    groups: groups.map((ids) => {
      const inGroup = new Set(ids);
      const groupRows = rows.filter((r) => inGroup.has(r.user1Id) && inGroup.has(r.user2Id));
      const evenings = new Map(
        groupRows.filter((r) => allThere(r.eventId, ids)).map((r) => [r.eventId, { id: r.eventId, title: r.eventTitle, date: r.eventDate.toISOString() }]),
      );
      const everyoneShared = ids.every((a, i) => ids.slice(i + 1).every((b) => sharedPairs.has(pairKey(a, b))));
      const members = ids
        .map((id) => {
          const p = people.get(id)!;
          const isYou = id === viewer.id;
          return {
            id,
            name: p.name,
            age: p.age,
            interests: p.interests,
            profileImage: p.profileImage,
            isYou,
            sharedWithYou: isYou || sharedPairs.has(pairKey(id, viewer.id)),
          };
        })
        .sort((a, b) => Number(b.isYou) - Number(a.isYou) || a.name.localeCompare(b.name, 'en') || a.id - b.id);
      const others = ids.filter((id) => id !== viewer.id).map((id) => people.get(id)!);
      const subject = encodeURIComponent('Our Speed Friendship group');
      const body = encodeURIComponent(
        `Hi ${others.map((p) => p.name.trim().split(/\s+/)[0]).join(', ')}! We all matched each other, so here is our group. Who's up for meeting again soon?`,
      );
      const chatLink = everyoneShared ? `mailto:${others.map((p) => mailtoAddress(p.email)).join(',')}?subject=${subject}&body=${body}` : null;
      return {
        key: ids.join('-'),
        members,
        evenings: [...evenings.values()].sort((a, b) => a.date.localeCompare(b.date) || a.id - b.id),
        everyoneShared,
        chatLink,
      };
    }),
  };
}
