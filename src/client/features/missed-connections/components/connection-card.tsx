import type { ReactNode } from 'react';
import { Check, MailPlus } from 'lucide-react';
import type { MissedConnection } from '@shared/schemas/missed-connections';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { CompatibilityPill, FitDetails } from '@client/components/ui/compatibility';

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
  actions,
}: {
  c: MissedConnection;
  /** More for this person (the app composes Block and Report for people the guest met). */
  actions?: ReactNode;
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
        <CompatibilityPill value={c.compatibilityScore} />
      </div>
      <FitDetails
        firstName={c.firstName}
        insight={c.personalityInsight}
        personality={c.personality}
        sharedInterests={c.sharedInterests}
        topInterests={c.topInterests}
      />
      <div className="mt-auto pt-1">
        {sent ? (
          <Button block variant="secondary" disabled aria-label={`Invite sent to ${c.firstName}`}>
            <Check aria-hidden="true" className="size-5" />
            Invite Sent
          </Button>
        ) : (
          <Button
            block
            onClick={onSend}
            disabled={!canSend || sending}
            aria-label={`Send Follow-Up Invite to ${c.firstName}`}
            aria-describedby={error ? errorId : undefined}
          >
            <MailPlus aria-hidden="true" className="size-5" />
            {sending ? 'Sending…' : 'Send Follow-Up Invite'}
          </Button>
        )}
        {error && (
          <p id={errorId} role="alert" className="mt-2 text-sm text-red-800">
            {error}
          </p>
        )}
        {actions && <div className="mt-2">{actions}</div>}
      </div>
    </li>
  );
}
