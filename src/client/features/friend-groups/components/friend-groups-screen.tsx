import { CalendarDays, Lock, Mail, ShieldCheck, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AUTO_RELEASE_HOURS } from '@shared/domain/constants';
import type { FriendGroup, GroupMember } from '@shared/schemas/friend-groups';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { LoadError } from '@client/components/ui/load-error';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Spinner } from '@client/components/ui/spinner';
import { formatDate, initials } from '@client/lib/format';
import { useMyGroups } from '../api/friend-groups';

/** The empty state of docs/spec/organiser-tools.md §2.17. */
export const NO_GROUPS_TEXT = 'Groups appear after the first event.';

/** /friend-groups for a visitor: the groups are the member's own. */
export function FriendGroupsSignIn() {
  return (
    <NoticeCard icon={Lock} title="Log in to see your community groups" signIn>
      <p>Your groups are the people you matched with who also matched each other. Log in with the account you booked with.</p>
    </NoticeCard>
  );
}

/**
 * /friend-groups (docs/spec/organiser-tools.md §2.17): the member's community groups from the server
 * (GET /api/me/groups): everyone in a group matched everyone else, at one evening or another. Each
 * group shows its members, the evenings they met at and the group e-mail once everyone shared contact.
 * `actions` adds more to a group's card (the app composes "Plan a meet-up", docs/decisions/0082).
 */
export function FriendGroupsScreen({ actions }: { actions?: (group: FriendGroup) => ReactNode } = {}) {
  const groups = useMyGroups();
  if (groups.isPending) return <Spinner label="Loading your groups" />;
  if (groups.isError)
    return <LoadError title="We couldn't load your groups" message="Please check your connection and try again." onRetry={() => void groups.refetch()} />;
  if (groups.data.groups.length === 0)
    return (
      <NoticeCard
        icon={UsersRound}
        title="No groups yet"
        actions={
          <Button asChild size="lg">
            <Link to="/events">Browse Events</Link>
          </Button>
        }
      >
        <p>{NO_GROUPS_TEXT}</p>
        <p>When two or more of the people you match with also match each other, you become a group, and it shows here.</p>
      </NoticeCard>
    );
  return (
    <ul className="space-y-6" aria-label="Your groups">
      {groups.data.groups.map((g) => (
        <li key={g.key}>
          <GroupCard group={g} more={actions?.(g)} />
        </li>
      ))}
    </ul>
  );
}

function PersonAvatar({ person, className }: { person: GroupMember; className?: string }) {
  const box = 'size-12 shrink-0 rounded-full ring-2 ring-white';
  if (person.profileImage) return <img src={person.profileImage} alt="" className={cn(box, 'object-cover', className)} />;
  return (
    <span aria-hidden="true" className={cn(box, 'inline-flex items-center justify-center bg-apricot-100 font-bold text-wine-800', className)}>
      {initials(person.name)}
    </span>
  );
}

function GroupCard({ group, more }: { group: FriendGroup; more?: ReactNode }) {
  const headingId = `group-${group.key}`;
  const others = group.members.filter((m) => !m.isYou);
  const notShared = others.filter((m) => !m.sharedWithYou);
  return (
    <Card className="bg-gradient-to-br from-white to-apricot-100/60" aria-labelledby={headingId} role="region">
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex -space-x-3" aria-hidden="true">
          {group.members.map((m) => (
            <PersonAvatar key={m.id} person={m} />
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="text-2xl font-bold text-wine-900">
            Group of {group.members.length}
          </h2>
          <p className="flex items-center gap-1 text-sm font-medium text-emerald-800">
            <ShieldCheck aria-hidden="true" className="size-4" />
            Verified: every member is a mutual match
          </p>
        </div>
      </div>

      <ul aria-label="Members" className="mt-5 divide-y divide-wine-100 rounded-2xl bg-white ring-1 ring-wine-100">
        {group.members.map((m) => (
          <li key={m.id} className="flex items-start gap-3 px-4 py-3">
            <PersonAvatar person={m} />
            {/* Name, badge and chips share one column as wide as the card allows: a badge beside them
                squeezed a name to "Michae / l" on a phone (issue 22). */}
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words text-ink">
                {m.name}
                {m.isYou && ' (you)'}
                <span className="font-normal text-muted">, {m.age}</span>
              </p>
              {!m.isYou && (
                <p className="mt-1">{m.sharedWithYou ? <Badge tone="green">Contact Shared</Badge> : <Badge tone="grey">Contact not shared yet</Badge>}</p>
              )}
              {m.interests.length > 0 && (
                <ul aria-label={`Interests of ${m.name}`} className="mt-2 flex flex-wrap gap-2">
                  {m.interests.slice(0, 4).map((i) => (
                    <li key={i} className="rounded-full bg-wine-50 px-3 py-1 text-sm font-medium text-wine-800 ring-1 ring-wine-100">
                      {i}
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </li>
        ))}
      </ul>

      <div className="mt-5">
        <h3 className="text-lg font-semibold text-wine-900">Where you met</h3>
        {group.evenings.length === 0 && (
          <p className="mt-2 text-ink">
            You were never all at one evening together: each pair of you matched at a different one. Meeting up together would be a first.
          </p>
        )}
        <ul className="mt-2 space-y-1">
          {group.evenings.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center gap-x-2 text-ink">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-wine-500" />
              <span className="font-medium break-words">{e.title}</span>
              <span className="text-muted">· {formatDate(e.date, 'medium')}</span>
            </li>
          ))}
        </ul>
      </div>

      {group.chatLink ? (
        <div className="mt-5">
          <Button asChild block size="lg">
            <a href={group.chatLink}>
              <Mail aria-hidden="true" className="size-5" />
              E-mail the group
            </a>
          </Button>
          <p className="mt-2 text-center text-sm text-muted">Opens your e-mail app with everyone in the group as recipients.</p>
        </div>
      ) : (
        <p className="mt-5 rounded-2xl bg-white/80 px-4 py-3 text-sm text-ink ring-1 ring-wine-100">
          The group e-mail link appears once everyone in the group has shared contact details with each other: each pair pressed Share Contact, or the host
          released the contacts (at the latest {AUTO_RELEASE_HOURS} hours after the evening).
          {notShared.length > 0 && ` Not shared with you yet: ${notShared.map((m) => m.name).join(', ')}.`}
        </p>
      )}
      {more && <div className="mt-5">{more}</div>}
    </Card>
  );
}
