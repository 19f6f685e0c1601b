import { Mail, ShieldCheck, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { AUTO_RELEASE_HOURS } from '@shared/domain/constants';
import type { FriendGroup } from '@shared/schemas/friend-groups';
import { Avatar } from '@client/components/ui/avatar';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { listNames } from '@client/lib/format';
import { useMyGroups } from '../api/friend-groups';

/**
 * Friend group on /matches (docs/spec/member-app.md §4, §9): at most 4 other members are listed. Which
 * people form a group is the clique rule of src/shared/domain/friend-groups.ts, decided by the server.
 */
const GROUP_MAX_OTHERS = 4;

/**
 * Verified Friendship Groups of one evening (docs/spec/member-app.md §4, §9): the member's groups
 * (GET /api/me/groups, cliques: every pair in the group matched each other, at any evening) that
 * formed at least partly at this evening. At most GROUP_MAX_OTHERS others are listed; the whole
 * group is on /friend-groups.
 */
export function FriendGroups({ eventId }: { eventId: number }) {
  const groups = useMyGroups();
  if (groups.isPending) return <Spinner label="Loading your groups" />;
  if (groups.isError) return <p className="text-muted">Your groups appear here once your matches load.</p>;
  const here = groups.data.groups.filter((g) => g.evenings.some((e) => e.id === eventId));
  if (here.length === 0)
    return (
      <div className="flex items-start gap-3 rounded-3xl border border-dashed border-wine-200 bg-white/70 p-5">
        <UsersRound aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-wine-300" />
        <p className="text-muted">No friendship group from this evening yet. A group forms when at least two of your matches also matched each other.</p>
      </div>
    );
  return (
    <ul className="space-y-4">
      {here.map((g) => (
        <li key={g.key}>
          <GroupCard group={g} />
        </li>
      ))}
    </ul>
  );
}

function GroupCard({ group }: { group: FriendGroup }) {
  const you = group.members.find((m) => m.isYou);
  const others = group.members.filter((m) => !m.isYou);
  const shown = others.slice(0, GROUP_MAX_OTHERS);
  const more = others.length - shown.length;
  const waiting = others.filter((m) => !m.sharedWithYou).map((m) => m.name);
  return (
    <Card className="bg-gradient-to-br from-white to-apricot-100/60">
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex -space-x-3" aria-hidden="true">
          {you && <Avatar name={you.name} image={you.profileImage} size="sm" />}
          {shown.map((m) => (
            <Avatar key={m.id} name={m.name} image={m.profileImage} size="sm" />
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="text-xl font-bold text-wine-900">Friendship group of {group.members.length}</h3>
          <p className="flex items-center gap-1 text-sm font-medium text-emerald-800">
            <ShieldCheck aria-hidden="true" className="size-4" />
            Verified: every member is a mutual match
          </p>
        </div>
      </div>
      <ul className="mt-4 divide-y divide-wine-100 rounded-2xl bg-white ring-1 ring-wine-100">
        {you && (
          <li className="flex items-center gap-3 px-4 py-3">
            <Avatar name={you.name} image={you.profileImage} size="sm" />
            <span className="min-w-0 flex-1 font-semibold break-words text-ink">{you.name} (you)</span>
          </li>
        )}
        {shown.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
            <Avatar name={m.name} image={m.profileImage} size="sm" />
            <span className="min-w-0 flex-1 font-semibold break-words text-ink">{m.name}</span>
            <Badge tone="green">Mutual Match</Badge>
          </li>
        ))}
      </ul>
      {more > 0 && (
        <p className="mt-3 text-sm text-muted">
          And {more} more.{' '}
          <Link to="/friend-groups" className="font-semibold text-wine-800 underline underline-offset-2">
            See the whole group
          </Link>
        </p>
      )}
      {group.chatLink ? (
        <>
          <Button asChild block className="mt-5">
            <a href={group.chatLink}>
              <Mail aria-hidden="true" className="size-5" />
              E-mail the group
            </a>
          </Button>
          <p className="mt-2 text-center text-sm text-muted">Opens your e-mail app with everyone in the group as recipients.</p>
        </>
      ) : (
        <p className="mt-4 rounded-2xl bg-white/80 px-4 py-3 text-sm text-ink ring-1 ring-wine-100">
          The group e-mail link appears once everyone in the group has shared contact details with each other: each pair pressed Share Contact, or the host
          released the contacts (at the latest {AUTO_RELEASE_HOURS} hours after the evening).
          {waiting.length > 0 && ` Not shared with you yet: ${listNames(waiting)}.`}
        </p>
      )}
    </Card>
  );
}
