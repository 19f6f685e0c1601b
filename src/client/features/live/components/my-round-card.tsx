import { Armchair, Coffee, PartyPopper, Users } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import type { MyRound } from '@shared/schemas/live';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { useMyRotation } from '@client/lib/queries/live';
import { useLiveState } from '../hooks/use-live-timer';
import { stageOf } from '../lib/timer';

/** 'Round n: talk to NAME at table T' (docs/product.md), or the bye. */
export function roundSentence(r: MyRound): string {
  if (!r.partner) return 'You sit out this round';
  return `Round ${r.round}: talk to ${r.partner.name}${r.table !== null ? ` at table ${r.table}` : ''}`;
}

/** The viewer's rotation for the round that matters now (this round; the next one between rounds). */
export function useMyRound(eventId: number, userId: number, isHost = false) {
  const { timer } = useLiveState(eventId, userId, isHost);
  const round = timer?.currentRound ?? 0;
  const stage = stageOf(timer);
  // The socket invalidates the rotation when a round starts: late arrivals join then, and the last rows stay on screen meanwhile.
  const rotation = useMyRotation(eventId, round > 0);
  const rows = rotation.data ?? [];
  const between = stage === 'complete' || stage === 'grace';
  return {
    stage,
    round,
    rotation,
    current: rows.find((r) => r.round === round) ?? null,
    next: between ? (rows.find((r) => r.round === round + 1) ?? null) : null,
  };
}

function Row({
  icon: Icon,
  title,
  children,
  tone = 'wine',
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  title: ReactNode;
  children?: ReactNode;
  tone?: 'wine' | 'apricot';
}) {
  return (
    <div className="flex items-start gap-4">
      <span
        className={cn(
          'inline-flex size-12 shrink-0 items-center justify-center rounded-2xl',
          tone === 'wine' ? 'bg-wine-100 text-wine-800' : 'bg-apricot-100 text-apricot-700',
        )}
      >
        <Icon aria-hidden={true} className="size-6" />
      </span>
      <div className="min-w-0">
        <p className="font-display text-xl font-bold text-wine-900 sm:text-2xl">{title}</p>
        {children && <div className="mt-1 text-ink">{children}</div>}
      </div>
    </div>
  );
}

function Partner({ r }: { r: MyRound }) {
  if (!r.partner) {
    return (
      <Row icon={Coffee} title="You sit out this round" tone="apricot">
        <p>Grab a drink and say hello at the bar. You&apos;re back in next round.</p>
      </Row>
    );
  }
  const interests = r.partner.interests.slice(0, 3);
  return (
    <Row
      icon={Users}
      title={
        <>
          Round {r.round}: talk to <span className="text-wine-700">{r.partner.name}</span>
          {r.table !== null && <span className="whitespace-nowrap"> at table {r.table}</span>}
        </>
      }
    >
      <p className="text-muted">Age {r.partner.age}</p>
      {interests.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label={`${r.partner.name}'s interests`}>
          {interests.map((i) => (
            <li key={i} className="rounded-full bg-apricot-100 px-3 py-1 text-sm font-semibold text-wine-900">
              {i}
            </li>
          ))}
        </ul>
      )}
    </Row>
  );
}

/**
 * Whom to talk to now: 'Round n: talk to NAME at table T', or 'You sit out this round' for a bye.
 * Between rounds it shows who is next. Refetches the rotation whenever a round starts.
 */
export function MyRoundCard({
  eventId,
  userId,
  isHost = false,
  rateLink = false,
  guide,
  className,
}: {
  eventId: number;
  userId: number;
  isHost?: boolean;
  /** Between rounds, link to the event page to rate the partner just met (off on the event page itself). */
  rateLink?: boolean;
  /** Under a partner of the round under way: the pair's question (features/conversation-guide, composed in app/). */
  guide?: (r: MyRound) => ReactNode;
  className?: string;
}) {
  const { stage, round, rotation, current, next } = useMyRound(eventId, userId, isHost);

  let body: ReactNode;
  let guideBody: ReactNode = null;
  if (stage === 'ended') {
    body = (
      <Row icon={PartyPopper} title="That's a wrap!" tone="apricot">
        <p>Thanks for coming. Your matches appear once the host releases them.</p>
      </Row>
    );
  } else if (round === 0) {
    body = (
      <Row icon={Users} title="Your first conversation">
        <p>When the host starts round 1, you&apos;ll see who to talk to and at which table.</p>
      </Row>
    );
  } else if (rotation.isPending) {
    body = (
      <div className="flex items-center gap-4" aria-hidden="true">
        <span className="size-12 rounded-2xl bg-wine-100 motion-safe:animate-pulse" />
        <span className="h-6 w-2/3 rounded-full bg-wine-100 motion-safe:animate-pulse" />
      </div>
    );
  } else if (rotation.isError) {
    body = (
      <Row icon={Users} title="Your rotation isn't available">
        <p>Ask the host whom to talk to this round.</p>
      </Row>
    );
  } else if (stage === 'complete' || stage === 'grace') {
    body = next ? (
      <div className="space-y-2">
        <p className="text-sm font-semibold uppercase tracking-wide text-muted">Up next</p>
        <Partner r={next} />
      </div>
    ) : (
      <Row icon={Users} title={`Round ${round} complete`}>
        <p>Your next partner appears here when the next round starts.</p>
      </Row>
    );
  } else if (current) {
    body = <Partner r={current} />;
    if (guide && current.partner) guideBody = guide(current);
  } else {
    body = (
      <Row icon={Armchair} title="You're not in this round">
        <p>Each round is planned from the guests who are checked in. Once you&apos;re checked in, you join from the next round.</p>
      </Row>
    );
  }

  const justMet = (stage === 'complete' || stage === 'grace') && current?.partner ? current.partner : null;

  return (
    <Card className={className}>
      <h2 className="sr-only">Your conversation</h2>
      <div aria-live="polite" aria-atomic="true">
        {body}
      </div>
      {guideBody}
      {rateLink && justMet && (
        <Link
          to={`/events/${eventId}`}
          className="mt-4 flex min-h-12 items-center justify-center rounded-2xl bg-wine-700 px-4 font-semibold text-white hover:bg-wine-800"
        >
          Rate {justMet.name}
        </Link>
      )}
    </Card>
  );
}
