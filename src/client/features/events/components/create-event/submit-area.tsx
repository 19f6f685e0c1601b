import { CalendarPlus, TriangleAlert } from 'lucide-react';
import { DATE_NOT_PICKED } from '@shared/schemas/create-event-form';
import { Button } from '@client/components/ui/button';

/** Why the form was not sent (no date picked, or the server's refusal), then Create Event. */
export function SubmitArea({ dateMissing, failure, isSubmitting }: { dateMissing: boolean; failure: string | null; isSubmitting: boolean }) {
  return (
    <div className="space-y-3">
      <div role="alert">
        {dateMissing && (
          <p className="flex gap-2 rounded-2xl bg-red-50 px-4 py-3 font-medium text-red-800">
            <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
            {DATE_NOT_PICKED}
          </p>
        )}
        {failure !== null && (
          <div className="flex gap-3 rounded-2xl border-2 border-red-200 bg-red-50 p-4 text-red-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
            <div>
              <p className="font-semibold">Failed to create event. Please try again.</p>
              {failure && <p className="mt-1">{failure}</p>}
            </div>
          </div>
        )}
      </div>
      <Button type="submit" size="lg" block disabled={isSubmitting}>
        <CalendarPlus aria-hidden="true" className="size-5" />
        {isSubmitting ? 'Creating Event...' : 'Create Event'}
      </Button>
    </div>
  );
}
