import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { priceIncludesInput } from '@shared/schemas/events';
import { Button } from '@client/components/ui/button';
import { TextField } from '@client/components/ui/field';
import { ApiError, messageOf } from '@client/lib/api';
import { useUpdateEvent } from '../api/events';

const form = z.object({ priceIncludes: priceIncludesInput });

/**
 * The host changes what the evening's price includes (loaded when they ask: the zod schema stays out
 * of the evening page's first paint). Empty promises nothing; the server checks it again.
 */
export function PriceIncludesForm({ eventId, current, onDone }: { eventId: number; current: string | null; onDone: () => void }) {
  const update = useUpdateEvent(eventId);
  const f = useForm({ resolver: zodResolver(form), defaultValues: { priceIncludes: current ?? '' } });
  const { errors, isSubmitting } = f.formState;

  const submit = f.handleSubmit(async ({ priceIncludes }) => {
    try {
      const event = await update.mutateAsync({ priceIncludes: priceIncludes || null });
      toast.success('Saved', {
        description: event.priceIncludes ? `The page now says: Includes: ${event.priceIncludes}` : 'The page no longer lists what the price includes.',
      });
      onDone();
    } catch (err) {
      const message = err instanceof ApiError ? err.fieldErrors.priceIncludes : undefined;
      if (message) f.setError('priceIncludes', { type: 'server', message });
      else toast.error('Could not save', { description: messageOf(err, 'Please try again.') });
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-label="What the price includes" className="mt-3 space-y-3">
      <TextField
        label="Includes"
        placeholder="A welcome drink"
        autoComplete="off"
        autoFocus
        hint="Shown beside the price as 'Includes: …'. Leave it empty if the price is just for the evening."
        error={errors.priceIncludes?.message}
        {...f.register('priceIncludes')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
