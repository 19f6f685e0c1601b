import { CircleCheck } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'react-router';

/** The event just created, with a link to its page; focused when it appears. */
export function CreatedNotice({ created, successRef }: { created: { id: number; title: string } | null; successRef: RefObject<HTMLDivElement | null> }) {
  return (
    <div role="status">
      {created && (
        <div
          ref={successRef}
          tabIndex={-1}
          className="flex gap-3 rounded-3xl border-2 border-emerald-300 bg-emerald-50 p-5 focus:outline-none focus-visible:ring-4 focus-visible:ring-emerald-300"
        >
          <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
          <div className="space-y-2">
            <p className="font-semibold text-emerald-900">Event &quot;{created.title}&quot; created successfully!</p>
            <p className="text-emerald-900">It is open for registrations now. The form below is ready for your next evening.</p>
            <Link
              to={`/events/${created.id}`}
              className="inline-flex min-h-11 items-center font-semibold text-wine-800 underline underline-offset-4 hover:text-wine-900"
            >
              View the event page
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
