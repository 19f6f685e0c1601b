import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { Badge } from '@shared/schemas/events';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { barTone, insightsOf, interestIcon } from '../lib/badge-view';
import { IceBreakerDialog } from './ice-breaker-dialog';

/** Start Chat: the live connection tracker during the evening, otherwise disabled with the reason (`blockedId`). */
export type ChatState = { href: string } | { blockedId: string };

/** One guest's badge: name, age, bio, interests with icons, insights (unless hidden), and the two actions. */
export function BadgeCard({ badge, showInsights, mine, chat }: { badge: Badge; showInsights: boolean; mine: readonly string[]; chat: ChatState }) {
  const { name, age, bio, interests } = badge.user;
  const headingId = `badge-${badge.userId}`;
  const insights = insightsOf(badge.personality);
  return (
    <li>
      <Card className="flex h-full flex-col gap-4" aria-labelledby={headingId} role="group">
        <div className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className="flex size-14 shrink-0 items-center justify-center rounded-full bg-wine-100 font-display text-2xl font-bold text-wine-800"
          >
            {name.trim().charAt(0).toUpperCase()}
          </span>
          <div className="min-w-0">
            <h2 id={headingId} className="font-display text-2xl font-bold break-words text-wine-900">
              {name}
            </h2>
            <p className="text-muted">{age} years old</p>
          </div>
        </div>
        {bio && <p className="text-ink">{bio}</p>}
        {interests.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={`${name}'s interests`}>
            {interests.map((i) => {
              const Icon = interestIcon(i);
              return (
                <li key={i} className="inline-flex items-center gap-1.5 rounded-full bg-apricot-100 px-3 py-1 text-sm font-semibold text-wine-900">
                  <Icon aria-hidden="true" className="size-4" />
                  {i}
                </li>
              );
            })}
          </ul>
        )}
        {showInsights && (
          <section aria-label={`${name}'s personality insights`} className="rounded-2xl bg-wine-50 p-4">
            <h3 className="font-semibold text-wine-900">Personality insights</h3>
            {badge.personality === null ? (
              <p className="mt-1 text-muted">Not shared yet</p>
            ) : (
              <ul className="mt-2 space-y-3">
                {insights.map((x) => (
                  <li key={x.name}>
                    <p className="flex items-baseline justify-between gap-2">
                      <span className="font-medium text-ink">{x.name}</span>
                      <span className="font-semibold text-wine-900">{x.score === null ? 'Not shared yet' : `${x.score}/100`}</span>
                    </p>
                    {x.score !== null && (
                      <>
                        <div aria-hidden="true" className="mt-1 h-2 overflow-hidden rounded-full bg-white">
                          <div className={`h-full rounded-full ${barTone(x.score)}`} style={{ width: `${x.score}%` }} />
                        </div>
                        <p className="mt-1 text-sm text-muted">{x.description}</p>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        )}
        <div className="mt-auto grid gap-3 sm:grid-cols-2">
          <IceBreakerDialog name={name} personId={badge.userId} mine={mine} theirs={interests} />
          {'href' in chat ? (
            <Button asChild block aria-label={`Start Chat with ${name}`}>
              <Link to={`${chat.href}&with=${badge.userId}`}>
                <MessageCircle aria-hidden="true" className="size-5" />
                Start Chat
              </Link>
            </Button>
          ) : (
            <Button block disabled aria-label={`Start Chat with ${name}`} aria-describedby={chat.blockedId}>
              <MessageCircle aria-hidden="true" className="size-5" />
              Start Chat
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}
