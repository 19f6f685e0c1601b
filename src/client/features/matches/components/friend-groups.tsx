import { MessagesSquare, ShieldCheck, UsersRound } from 'lucide-react';
import type { Match } from '@shared/schemas/live';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { friendGroup, GROUP_MIN_SHARED, groupMessage, whatsappShareLink } from '../lib/matches';
import { Avatar } from './person';

/**
 * Verified Friendship Groups (docs/spec/member-app.md §4): formed when at least 2 matches have shared
 * contacts; the first 4 such counterparts plus the member, all mutual matches.
 */
export function FriendGroups({ matches, userId, userName, eventTitle }: { matches: Match[]; userId: number; userName: string; eventTitle?: string }) {
  const members = friendGroup(matches, userId);
  const sharedCount = matches.filter((m) => m.contactShared).length;

  if (!members)
    return (
      <div className="flex items-start gap-3 rounded-3xl border border-dashed border-wine-200 bg-white/70 p-5">
        <UsersRound aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-wine-300" />
        <p className="text-muted">
          A friendship group forms when at least {GROUP_MIN_SHARED} of your matches have shared contacts.
          {sharedCount === 1 ? ' You have 1 so far.' : ''}
        </p>
      </div>
    );

  const size = members.length + 1;
  const link = whatsappShareLink(groupMessage(members.map((m) => m.name), eventTitle));

  return (
    <Card className="bg-gradient-to-br from-white to-apricot-100/60">
      <div className="flex flex-wrap items-center gap-3">
        <div className="flex -space-x-3" aria-hidden="true">
          <Avatar name={userName} size="sm" />
          {members.map((m) => (
            <Avatar key={m.id} name={m.name} image={m.profileImage} size="sm" />
          ))}
        </div>
        <div className="min-w-0 flex-1">
          <h3 className="text-xl font-bold text-wine-900">Friendship group of {size}</h3>
          <p className="flex items-center gap-1 text-sm font-medium text-emerald-800">
            <ShieldCheck aria-hidden="true" className="size-4" />
            Verified: every member is a mutual match
          </p>
        </div>
      </div>
      <ul className="mt-4 divide-y divide-wine-100 rounded-2xl bg-white ring-1 ring-wine-100">
        <li className="flex items-center gap-3 px-4 py-3">
          <Avatar name={userName} size="sm" />
          <span className="min-w-0 flex-1 font-semibold break-words text-ink">{userName} (you)</span>
        </li>
        {members.map((m) => (
          <li key={m.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
            <Avatar name={m.name} image={m.profileImage} size="sm" />
            <span className="min-w-0 flex-1 font-semibold break-words text-ink">{m.name}</span>
            <Badge tone="green">Mutual Match</Badge>
          </li>
        ))}
      </ul>
      <Button asChild block className="mt-5">
        <a href={link} target="_blank" rel="noopener noreferrer">
          <MessagesSquare aria-hidden="true" className="size-5" />
          Start a group chat
          <span className="sr-only"> on WhatsApp (opens WhatsApp)</span>
        </a>
      </Button>
      <p className="mt-2 text-center text-sm text-muted">Opens WhatsApp with a message naming everyone; add them to a new group.</p>
    </Card>
  );
}
