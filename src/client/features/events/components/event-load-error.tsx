import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Page } from '@client/components/ui/page';
import { ApiError } from '@client/lib/api';

/** An evening's id that is no evening (404, or 400 for one that cannot be) reads as "not found". */
export const isNotFound = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 400);

/**
 * The page an evening's screen shows instead of the evening (the public page and the member's page):
 * not found, or a failed load with Try again; and the way on (`away`: home for a visitor, Browse
 * Events for a member).
 */
export function EventLoadError({ error, onRetry, away }: { error: unknown; onRetry: () => void; away: { to: string; label: string } }) {
  const notFound = isNotFound(error);
  return (
    <Page>
      <Card className="text-center">
        <h1 className="text-3xl font-bold text-wine-900">{notFound ? 'Event not found' : "We couldn't load this event"}</h1>
        <p className="mt-2 text-muted">
          {notFound ? 'It may have been removed, or the link is not quite right.' : 'Please check your connection and try again.'}
        </p>
        <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">
          {!notFound && (
            <Button variant="outline" onClick={onRetry}>
              Try again
            </Button>
          )}
          <Button asChild>
            <Link to={away.to}>{away.label}</Link>
          </Button>
        </div>
      </Card>
    </Page>
  );
}
