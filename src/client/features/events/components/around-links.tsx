import { Compass, HeartHandshake, IdCard, MessageSquareHeart, Sparkles, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, CardTitle } from '@client/components/ui/card';

/**
 * For a guest: the screens around their evening (docs/spec/organiser-tools.md §2.8, §2.17, §2.25-2.27).
 * Before it: whom they may meet. Once it has begun: feedback, the people they missed, their groups.
 */
export function AroundLinks({ eventId, begun }: { eventId: number; begun: boolean }) {
  const q = `?event=${eventId}`;
  return (
    <Card>
      <CardTitle>Around your evening</CardTitle>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {begun ? (
          <>
            <Item to={`/feedback${q}`} icon={<MessageSquareHeart className="size-5" />} title="Give feedback" text="Tell the host how it went" />
            <Item to={`/missed-connections${q}`} icon={<Compass className="size-5" />} title="Missed connections" text="Invite someone to another evening" />
            <Item to="/friend-groups" icon={<UsersRound className="size-5" />} title="Friend groups" text="Groups where everyone matched" />
            <Item to={`/badges${q}`} icon={<IdCard className="size-5" />} title="Guest badges" text="Who was there" />
          </>
        ) : (
          <>
            <Item to={`/match-preview${q}`} icon={<Sparkles className="size-5" />} title="Match preview" text="Your compatibility with the other guests" />
            <Item to={`/badges${q}`} icon={<IdCard className="size-5" />} title="Guest badges" text="Ice breakers for the evening" />
            <Item to="/my-matches" icon={<HeartHandshake className="size-5" />} title="Friend matches" text="From your earlier evenings" />
          </>
        )}
      </ul>
    </Card>
  );
}

function Item({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <li>
      <Link to={to} className="flex min-h-14 items-center gap-3 rounded-2xl p-3 ring-1 ring-wine-100 hover:bg-wine-50 focus-visible:outline-3">
        <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-apricot-100 text-wine-700">
          {icon}
        </span>
        <span>
          <span className="block font-semibold text-wine-900">{title}</span>
          <span className="block text-sm text-muted">{text}</span>
        </span>
      </Link>
    </li>
  );
}
