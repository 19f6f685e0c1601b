import { ChevronDown } from 'lucide-react';
import type { ReactNode } from 'react';

/** Questions and answers as native <details>: keyboard and screen-reader friendly, no script. */
export function Faq({ items }: { items: readonly { q: string; a: ReactNode }[] }) {
  return (
    <div className="divide-y divide-wine-100 overflow-hidden rounded-3xl border border-wine-100 bg-white shadow-sm">
      {items.map(({ q, a }) => (
        <details key={q} className="group">
          <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 text-lg font-semibold text-wine-900 hover:bg-wine-50 sm:px-6 [&::-webkit-details-marker]:hidden">
            <span>{q}</span>
            <ChevronDown aria-hidden="true" className="size-6 shrink-0 text-wine-500 transition-transform group-open:rotate-180" />
          </summary>
          <div className="px-5 pb-5 text-base leading-relaxed text-muted sm:px-6">{a}</div>
        </details>
      ))}
    </div>
  );
}
