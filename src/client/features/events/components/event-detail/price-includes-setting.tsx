import { Sparkles } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import type { EventDetail } from '@shared/schemas/events';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';

/** The host's form for what the price includes (with its zod schema) loads when they ask to change it. */
const PriceIncludesForm = lazy(() => import('../price-includes-form').then((m) => ({ default: m.PriceIncludesForm })));

/** The host's view of what the price includes (as guests see it), and changing it while the evening is to come. */
export function PriceIncludesSetting({ event }: { event: EventDetail }) {
  const [editing, setEditing] = useState(false);
  return (
    <section aria-labelledby="price-includes-heading" className="mt-5 border-t border-wine-100 pt-4">
      <h3 id="price-includes-heading" className="flex items-center gap-2 font-semibold text-wine-900">
        <Sparkles aria-hidden="true" className="size-4 text-apricot-700" />
        What the price includes
      </h3>
      {editing ? (
        <Suspense fallback={<Spinner label="Loading the form" />}>
          <PriceIncludesForm eventId={event.id} current={event.priceIncludes ?? null} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <>
          <p className="mt-1 break-words text-ink">
            {event.priceIncludes ? event.priceIncludes : 'Nothing listed: the page promises nothing beyond the evening.'}
          </p>
          <Button variant="outline" size="sm" className="mt-2" onClick={() => setEditing(true)}>
            Change
            <span className="sr-only"> what the price includes</span>
          </Button>
        </>
      )}
    </section>
  );
}
