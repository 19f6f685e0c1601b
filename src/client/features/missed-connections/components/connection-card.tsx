import { Check, MailPlus } from 'lucide-react';
import { compatibilityLabel, scoreColour } from '@shared/domain/matching';
import type { MissedConnection, PersonalityScores } from '@shared/schemas/invites';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/components/ui/cn';

/** Score colours and labels (docs/spec/organiser-tools.md §9); the number and label are always written out. */
const TONE = {
  green: 'bg-emerald-100 text-emerald-900 ring-emerald-200',
  blue: 'bg-blue-100 text-blue-900 ring-blue-200',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  red: 'bg-red-100 text-red-900 ring-red-200',
} as const;

function ScorePill({ value }: { value: number }) {
  return (
    <span className={cn('inline-flex min-w-16 flex-col items-center rounded-2xl px-3 py-1 ring-1', TONE[scoreColour(value)])}>
      <span className="text-xl font-bold tabular-nums">{value}%</span>
      <span className="text-xs font-semibold">{compatibilityLabel(value)}</span>
    </span>
  );
}

const TRAITS = [
  ['creative', 'Creative'],
  ['adventurous', 'Adventurous'],
  ['social', 'Social'],
  ['analytical', 'Analytical'],
] as const;

function TraitBars({ name, personality }: { name: string; personality: PersonalityScores }) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-2" aria-label={`${name}'s personality`}>
      {TRAITS.map(([key, label]) => {
        const v = personality[key];
        return (
          <li key={key}>
            <span className="flex items-baseline justify-between gap-2 text-sm">
              <span className="font-medium text-ink">{label}</span>
              <span className="tabular-nums text-muted">{v === null ? 'not set' : `${v}/100`}</span>
            </span>
            <span aria-hidden="true" className="mt-1 block h-1.5 overflow-hidden rounded-full bg-stone-100">
              <span className="block h-full rounded-full bg-wine-600" style={{ width: `${v ?? 0}%` }} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * One missed connection (docs/spec/organiser-tools.md §3 "Match profile (preview)"): first name,
 * age, compatibility, personality, interests, and Send Follow-Up Invite, which becomes 'Invite Sent'.
 */
export function ConnectionCard({
  c,
  canSend,
  sending,
  error,
  onSend,
}: {
  c: MissedConnection;
  /** A follow-up evening with spots is chosen. */
  canSend: boolean;
  sending: boolean;
  error: string | null;
  onSend: () => void;
}) {
  const headingId = `missed-${c.id}`;
  const errorId = `missed-${c.id}-error`;
  const sent = c.inviteStatus === 'sent';
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 rounded-3xl border border-wine-100 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-xl font-semibold text-wine-900">
            {c.firstName}, {c.age}
          </h3>
          <div className="mt-1 flex flex-wrap gap-2">
            {c.met && <Badge tone="wine">You met</Badge>}
            {c.wasInPreview && <Badge tone="apricot">In your preview</Badge>}
            <Badge tone={c.connectionPotential === 'high' ? 'green' : 'grey'}>{c.connectionPotential === 'high' ? 'High potential' : 'Good potential'}</Badge>
          </div>
        </div>
        <ScorePill value={c.compatibilityScore} />
      </div>
      <p className="text-ink">{c.personalityInsight}</p>
      {c.personality ? <TraitBars name={c.firstName} personality={c.personality} /> : <p className="text-sm text-muted">{c.firstName} hasn't shared a personality profile yet.</p>}
      {c.sharedInterests.length > 0 && (
        <p className="text-sm">
          <span className="font-semibold text-wine-900">You both like: </span>
          {c.sharedInterests.join(', ')}
        </p>
      )}
      {c.topInterests.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`${c.firstName}'s top interests`}>
          {c.topInterests.map((i) => (
            <li key={i} className="rounded-full bg-wine-50 px-3 py-1 text-sm font-medium text-wine-800">
              {i}
            </li>
          ))}
        </ul>
      )}
      <div className="mt-auto pt-1">
        {sent ? (
          <Button block variant="secondary" disabled aria-label={`Invite sent to ${c.firstName}`}>
            <Check aria-hidden="true" className="size-5" />
            Invite Sent
          </Button>
        ) : (
          <Button block onClick={onSend} disabled={!canSend || sending} aria-label={`Send Follow-Up Invite to ${c.firstName}`} aria-describedby={error ? errorId : undefined}>
            <MailPlus aria-hidden="true" className="size-5" />
            {sending ? 'Sending…' : 'Send Follow-Up Invite'}
          </Button>
        )}
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-800">
            {error}
          </p>
        )}
      </div>
    </li>
  );
}
