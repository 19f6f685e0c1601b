import { zodResolver } from '@hookform/resolvers/zod';
import { HeartHandshake } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ACCESS_NEEDS_MAX, accessNeedsBody, type AccessNeedsBody } from '@shared/schemas/access-needs';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { TextAreaField } from '@client/components/ui/field';
import { messageOf } from '@client/lib/api';
import { useAccessNeeds, useSaveAccessNeeds } from '../api/access-needs';

/**
 * On a booked guest's evening page, from the moment they book until the evening ends
 * (docs/decisions/0086-access-needs-at-booking.md): what would help them on the night, in their own
 * words, for this evening's hosts only. Optional, and said so; changed or taken away at any time.
 */
export function AccessNeedsCard({ eventId }: { eventId: number }) {
  const saved = useAccessNeeds(eventId);
  const [editing, setEditing] = useState(false);
  const titleId = useId();
  if (!saved.data) return null;
  const note = saved.data.note;
  return (
    <Card role="region" aria-labelledby={titleId} className="space-y-4">
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-100">
          <HeartHandshake aria-hidden="true" className="size-6 text-amber-800" />
        </span>
        <CardTitle id={titleId}>Anything that would help you on the night?</CardTitle>
      </div>
      {note !== null && !editing ? (
        <Told eventId={eventId} note={note} onChange={() => setEditing(true)} />
      ) : (
        <NoteForm eventId={eventId} note={note} onDone={() => setEditing(false)} />
      )}
    </Card>
  );
}

function Told({ eventId, note, onChange }: { eventId: number; note: string; onChange: () => void }) {
  const save = useSaveAccessNeeds(eventId);
  return (
    <div className="space-y-3">
      <p className="text-ink">You told this evening's hosts:</p>
      <blockquote className="rounded-2xl bg-amber-50 p-4 text-lg break-words text-amber-950 ring-1 ring-amber-200">{note}</blockquote>
      <p className="text-sm text-muted">They see it beside your name when you check in.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button variant="outline" onClick={onChange}>
          Change it
        </Button>
        <Button
          variant="ghost"
          disabled={save.isPending}
          onClick={() =>
            save.mutate('', {
              onSuccess: () => toast.success('Taken away', { description: 'The hosts no longer see it.' }),
              onError: (err) => toast.error('Could not take it away', { description: messageOf(err, 'Please try again.') }),
            })
          }
        >
          {save.isPending ? 'Taking it away…' : 'Take it away'}
        </Button>
      </div>
    </div>
  );
}

function NoteForm({ eventId, note, onDone }: { eventId: number; note: string | null; onDone: () => void }) {
  const save = useSaveAccessNeeds(eventId);
  const [failed, setFailed] = useState<string | null>(null);
  const form = useForm<AccessNeedsBody>({ resolver: zodResolver(accessNeedsBody), defaultValues: { note: note ?? '' } });
  const typed = form.watch('note') ?? '';
  const submit = form.handleSubmit(({ note: text }) => {
    setFailed(null);
    save.mutate(text, {
      onSuccess: (r) => {
        toast.success(r.note ? 'Saved for the hosts' : 'Nothing saved', { description: r.note ? 'They will see it when you check in.' : undefined });
        onDone();
      },
      onError: (err) => setFailed(messageOf(err, 'Could not save it. Please try again.')),
    });
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3" aria-label="What would help you">
      <p className="text-ink">
        Optional. A quiet table because you lip-read, a chair rather than a stool, a hand at the door: tell the hosts and they can plan for it.
      </p>
      <TextAreaField
        label="What would help you (optional)"
        placeholder="e.g. I lip-read: a quiet table, please"
        maxLength={ACCESS_NEEDS_MAX}
        error={form.formState.errors.note?.message ?? failed ?? undefined}
        hint={
          <>
            {typed.length} of {ACCESS_NEEDS_MAX} characters. Only this evening's hosts see it, when you check in; it is deleted with the evening's other
            personal data (<Link to="/privacy">how long we keep it</Link>).
          </>
        }
        {...form.register('note')}
      />
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save for the hosts'}
        </Button>
        {note !== null && (
          <Button variant="ghost" onClick={onDone}>
            Keep what I said
          </Button>
        )}
      </div>
    </form>
  );
}
