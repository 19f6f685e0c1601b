import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { loadSchema } from './landing-waitlist/load-schema';
import { useWaitlistForm } from './landing-waitlist/use-waitlist-form';
import { WaitlistAlert } from './landing-waitlist/waitlist-alert';
import { WaitlistFields } from './landing-waitlist/waitlist-fields';

/**
 * The waitlist form on /: docs/spec/member-app.md §4, §5 and §8.
 * Validated on submit with the spec's messages (the first field in error gets the focus); a field's
 * error clears as soon as it is edited. A refused signup leaves every field as typed and says why.
 */
export function LandingWaitlistForm({ next = null }: { next?: string | null }) {
  const { field, onSubmit, busy, alert } = useWaitlistForm(next);

  return (
    <Card className="sm:p-8">
      <h2 id="waitlist-title" className="text-3xl font-bold text-wine-900">
        Join the Waitlist
      </h2>
      <p className="mt-2 text-muted">Tell us a little about yourself and we'll invite you to the next evening near you.</p>
      <form
        aria-labelledby="waitlist-title"
        onSubmit={(e) => void onSubmit(e)}
        onFocus={() => void loadSchema().catch(() => undefined)}
        noValidate
        className="mt-6 space-y-5"
      >
        <WaitlistFields field={field} />

        {alert && <WaitlistAlert alert={alert} next={next} />}

        <Button type="submit" size="lg" block disabled={busy}>
          {busy ? 'Joining...' : 'Join the Waitlist'}
        </Button>
      </form>
    </Card>
  );
}
