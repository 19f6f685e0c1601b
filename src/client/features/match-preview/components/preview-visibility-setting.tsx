import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { messageOf } from '@client/lib/api';
import { usePreviewVisibility, useSetPreviewVisibility } from '../api/match-preview';

/**
 * The profile's opt-out from match previews (docs/spec/organiser-tools.md §2.25): on by default;
 * off means other guests of your evenings don't see you in their previews (you still see yours).
 * The switch shows the server's answer, never an unsaved guess.
 */
export function PreviewVisibilitySetting() {
  const labelId = useId();
  const noteId = useId();
  const current = usePreviewVisibility();
  const save = useSetPreviewVisibility();
  const visible = current.data?.visible;

  const statusText = save.isPending
    ? 'Saving…'
    : save.isError
      ? messageOf(save.error, "We couldn't save that. Please try again.")
      : visible === undefined
        ? ''
        : visible
          ? 'On: other guests of your evenings can see you in their match previews.'
          : "Off: others don't see you in their match previews. You still see your own.";

  return (
    <Card>
      <CardTitle>Match previews</CardTitle>
      <p className="mt-1 text-muted">
        Before an evening, guests see a{' '}
        <Link to="/match-preview" className="font-semibold text-wine-800 underline underline-offset-2">
          match preview
        </Link>{' '}
        of the others: first name, age, personality and interests. Never your e-mail or phone.
      </p>
      {current.isError ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <p className="text-red-800">We couldn't load this setting.</p>
          <Button variant="outline" size="sm" onClick={() => void current.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="mt-4 flex min-h-12 items-center justify-between gap-4">
          <span id={labelId} className="font-medium text-ink">
            Show me in other guests' match previews
          </span>
          <button
            type="button"
            role="switch"
            aria-checked={visible ?? false}
            aria-labelledby={labelId}
            aria-describedby={noteId}
            disabled={visible === undefined || save.isPending}
            onClick={() => visible !== undefined && save.mutate({ visible: !visible })}
            className={cn(
              'relative inline-flex h-11 w-20 shrink-0 items-center rounded-full p-1 transition-colors disabled:cursor-not-allowed disabled:opacity-60',
              visible ? 'bg-wine-700' : 'bg-stone-300',
            )}
          >
            <span
              aria-hidden="true"
              className={cn('block size-9 rounded-full bg-white shadow transition-transform', visible ? 'translate-x-9' : 'translate-x-0')}
            />
          </button>
        </div>
      )}
      <p id={noteId} role="status" aria-live="polite" className={cn('mt-2 text-sm', save.isError ? 'text-red-800' : 'text-muted')}>
        {current.isPending ? 'Loading…' : statusText}
      </p>
    </Card>
  );
}
