import type { ReactNode } from 'react';

/** One fact of an evening (date, time, venue...) with its icon, inside a <dl>. */
export function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  // Only dt and dd may sit in a dl's group: the icon lives inside the dt.
  return (
    <div className="relative min-h-10 pl-13">
      <dt className="text-sm font-semibold text-muted">
        <span className="absolute top-0 left-0 flex size-10 items-center justify-center rounded-xl bg-wine-50 text-wine-600">{icon}</span>
        {label}
      </dt>
      <dd className="font-semibold break-words text-ink">{children}</dd>
    </div>
  );
}
