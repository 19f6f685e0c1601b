import type { ComponentType, ReactNode } from 'react';

/** A big number with its label, for the summary cards. */
export function StatTile({
  label,
  value,
  note,
  icon: Icon,
}: {
  label: string;
  value: ReactNode;
  note?: ReactNode;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}) {
  return (
    <div className="rounded-3xl border border-wine-100 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-muted">{label}</p>
        <span className="hidden size-9 shrink-0 items-center sm:inline-flex justify-center rounded-full bg-apricot-100 text-wine-700">
          <Icon aria-hidden={true} className="size-5" />
        </span>
      </div>
      <p className="mt-1 font-display text-3xl font-bold text-wine-800 sm:text-4xl">{value}</p>
      {note && <p className="mt-0.5 text-sm text-muted">{note}</p>}
    </div>
  );
}
