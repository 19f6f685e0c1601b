import { Search, UserCheck } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import type { DoorGuest } from '@shared/schemas/door';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { TextField } from '@client/components/ui/field';
import { messageOf } from '@client/lib/api';
import { formatTime } from '@client/lib/format';
import { useCheckInGuest } from '../api/door';
import { guestsWord } from '../lib/format';
import { thisDevice } from '../lib/device';
import { byName, searchGuests } from '../lib/scan';
import { AccessNote } from './access-note';
import { PendingBadge } from './desk-status';
import { UndoCheckIn } from './undo-check-in';

/**
 * Manual search (docs/spec/organiser-tools.md §2.19): every registered guest, filtered by name or
 * ticket code as the host types, each with a big Check in button (or when they came, and Undo).
 */
/** `guestActions`: more for a checked-in guest's row (the app composes Remove from tonight, docs/decisions/0042). */
export function GuestSearch({
  eventId,
  guests,
  guestActions,
}: {
  eventId: number;
  guests: readonly DoorGuest[];
  guestActions?: ((guest: DoorGuest) => ReactNode) | undefined;
}) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const shown = useMemo(() => searchGuests(guests, deferred).sort(byName), [guests, deferred]);
  const headingId = useId();
  const searching = deferred.trim() !== '';

  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-4">
        <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold text-wine-900">
          <Search aria-hidden="true" className="size-6 text-wine-600" />
          Find a guest
        </h2>
        <TextField
          label="Search by name or ticket code"
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          placeholder="e.g. Priya"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        <p role="status" className="text-sm text-muted">
          {guests.length === 0
            ? 'No one has registered yet.'
            : searching
              ? shown.length === 0
                ? `No guest matches “${deferred.trim()}”.`
                : `${shown.length} of ${guestsWord(guests.length)}`
              : `${guestsWord(guests.length)} registered`}
        </p>
        {shown.length > 0 && (
          <ul aria-label="Guests" className="divide-y divide-wine-100 rounded-2xl border border-wine-100">
            {shown.map((g) => (
              <GuestRow key={g.userId} eventId={eventId} guest={g} actions={guestActions} />
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}

function GuestRow({ eventId, guest, actions }: { eventId: number; guest: DoorGuest; actions?: ((guest: DoorGuest) => ReactNode) | undefined }) {
  const checkIn = useCheckInGuest(eventId);
  const go = () =>
    checkIn.mutateAsync(guest.userId).then(
      (r) =>
        r.outcome === 'checked_in'
          ? toast.success(`${r.guest.name} checked in`, { description: 'Welcome them in!' })
          : r.outcome === 'queued'
            ? toast.success(`${r.guest.name} checked in`, { description: `Saved on ${thisDevice()}: sent when the connection is back.` })
            : toast.info(`${r.guest.name} is already checked in`, {
                description: r.guest.checkedInAt ? `Since ${formatTime(r.guest.checkedInAt)}.` : undefined,
              }),
      (err: unknown) => toast.error(`Could not check in ${guest.name}`, { description: messageOf(err, 'Please try again.') }),
    );
  return (
    <li className="flex min-h-16 items-center gap-3 px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="text-lg font-semibold break-words text-wine-900">{guest.name}</p>
        <p className="font-mono text-sm text-muted">
          <span className="sr-only">Ticket code </span>
          {guest.ticketCode}
        </p>
        {guest.accessNeeds && <AccessNote note={guest.accessNeeds} />}
        {guest.checkedIn && (
          <p className="mt-1.5 inline-block rounded-xl bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900">
            Checked in <span aria-hidden="true">✓</span>
            {guest.checkedInAt ? ` ${formatTime(guest.checkedInAt)}` : ''}
          </p>
        )}
        <PendingBadge userId={guest.userId} />
      </div>
      {guest.checkedIn ? (
        <div className="flex flex-col items-end gap-1">
          <UndoCheckIn eventId={eventId} guest={guest} />
          {actions?.(guest)}
        </div>
      ) : (
        <Button size="lg" className="min-w-36" disabled={checkIn.isPending} onClick={() => void go()}>
          <UserCheck aria-hidden="true" className="size-5" />
          {checkIn.isPending ? 'Checking in…' : 'Check in'}
          <span className="sr-only"> {guest.name}</span>
        </Button>
      )}
    </li>
  );
}
