import { Users } from 'lucide-react';
import { useState } from 'react';
import { PREVIEW_SIZE } from '@shared/domain/match-preview';
import type { PreviewProfile } from '@shared/schemas/match-preview';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { NoticeCard } from '@client/components/ui/notice-card';
import { CompatibilityPill, FitDetails } from '@client/components/ui/compatibility';

function ProfileCard({ p }: { p: PreviewProfile }) {
  const headingId = `preview-profile-${p.id}`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 rounded-3xl border border-wine-100 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 id={headingId} className="text-xl font-semibold text-wine-900">
            {p.firstName}, {p.age}
          </h3>
          <Badge tone={p.connectionPotential === 'high' ? 'green' : 'apricot'} className="mt-1">
            {p.connectionPotential === 'high' ? 'High connection potential' : 'Good connection potential'}
          </Badge>
        </div>
        <CompatibilityPill value={p.compatibilityScore} />
      </div>
      <FitDetails
        firstName={p.firstName}
        insight={p.personalityInsight}
        personality={p.personality}
        sharedInterests={p.sharedInterests}
        topInterests={p.topInterests}
      />
    </li>
  );
}

/** Compatible profiles: the PREVIEW_SIZE best first (the list comes ranked), and 'Show everyone' for the rest. */
export function ProfilesTab({ profiles }: { profiles: PreviewProfile[] }) {
  const [all, setAll] = useState(false);
  if (profiles.length === 0) {
    return (
      <NoticeCard icon={Users} title="No one to preview yet">
        <p>Compatible guests appear here as others book this evening. Guests can also choose not to be shown in previews.</p>
      </NoticeCard>
    );
  }
  const shown = all ? profiles : profiles.slice(0, PREVIEW_SIZE);
  const more = profiles.length - PREVIEW_SIZE;
  return (
    <div className="space-y-4">
      <p id="preview-profiles-count" role="status" className="text-muted">
        {all || more <= 0
          ? `Showing all ${profiles.length} ${profiles.length === 1 ? 'guest' : 'guests'}, best match first`
          : `Your ${PREVIEW_SIZE} best matches of ${profiles.length} guests`}
      </p>
      <ul className="grid gap-4 md:grid-cols-2" aria-label="Compatible profiles">
        {shown.map((p) => (
          <ProfileCard key={p.id} p={p} />
        ))}
      </ul>
      {more > 0 && (
        <Button variant="outline" size="lg" block aria-describedby="preview-profiles-count" onClick={() => setAll((v) => !v)}>
          {all ? `Show my top ${PREVIEW_SIZE}` : `Show everyone (${more} more)`}
        </Button>
      )}
    </div>
  );
}
