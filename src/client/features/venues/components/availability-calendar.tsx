import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CalendarX, Clock, Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Slot } from '@shared/schemas/venues';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { messageOf } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { venueSlotsQuery } from '../api/venues';
import { firstOfMonth, lastOfMonth, monthOf, today as londonToday, type Day, type Month } from '@client/lib/dates';
import { blockReasonLabel } from '../lib/venues';
import { DayCalendar } from '@client/components/ui/day-calendar';
import { describeSlots, SLOT_STYLES, SlotBadge, SlotLegend } from './slot-bits';

/** The second line of a day's chip (the side panel has the rest): open, the block's reason, or registrations. */
const CHIP_TEXT: Record<Slot['kind'], (s: Slot) => string> = {
  available: () => 'Open',
  blocked: (s) => blockReasonLabel(s.reason),
  booked: (s) => `${s.registrations ?? 0}/${s.maxCapacity ?? '–'}`,
};

/** The Calendar tab: a month of one venue, each day with its slots; the picked day in detail. */
export function AvailabilityCalendar({ venueId }: { venueId: number }) {
  const today = londonToday();
  const [month, setMonth] = useState<Month>(monthOf(today));
  const [selected, setSelected] = useState<Day>(today);
  const slots = useQuery({ ...venueSlotsQuery(venueId, firstOfMonth(month), lastOfMonth(month)), placeholderData: keepPreviousData });

  const byDay = new Map<Day, Slot[]>();
  if (!slots.isPlaceholderData) for (const s of slots.data ?? []) byDay.set(s.day, [...(byDay.get(s.day) ?? []), s]);
  const daySlots = byDay.get(selected) ?? [];
  const monthEmpty = slots.isSuccess && !slots.isPlaceholderData && slots.data.length === 0;

  const changeMonth = (m: Month) => {
    setMonth(m);
    setSelected(monthOf(today) === m ? today : `${m}-01`);
  };

  return (
    <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_18rem] lg:items-start">
      <Card className="p-3 sm:p-5">
        <DayCalendar
          variant="roomy"
          month={month}
          onMonthChange={changeMonth}
          selected={selected}
          onSelect={setSelected}
          describeDay={(d) => describeSlots(byDay.get(d) ?? [])}
          renderDay={(d) => <DayMarkers slots={byDay.get(d) ?? []} />}
        />
        <div className="mt-3 flex flex-wrap items-center justify-between gap-2 border-t border-wine-100 pt-3">
          <SlotLegend />
          <p aria-live="polite" className="text-sm text-muted">
            {slots.isFetching
              ? 'Loading…'
              : slots.isError
                ? messageOf(slots.error, "Couldn't load this month")
                : monthEmpty
                  ? `No availability data in ${formatDate(month, 'monthYear')}`
                  : ''}
          </p>
        </div>
      </Card>

      <Card aria-labelledby="calendar-day-title" role="region" className="lg:sticky lg:top-20">
        <h2 id="calendar-day-title" className="text-lg font-semibold text-wine-900">
          {formatDate(selected, 'long')}
        </h2>
        {slots.isPending ? (
          <p className="mt-3 text-muted">Loading…</p>
        ) : daySlots.length === 0 ? (
          <div className="mt-3 flex gap-3 rounded-2xl bg-cream p-4">
            <CalendarX aria-hidden="true" className="size-5 shrink-0 text-muted" />
            <div>
              <p className="font-semibold text-wine-900">No availability data</p>
              <p className="mt-0.5 text-sm text-muted">Add a slot or block time in Manage Availability.</p>
            </div>
          </div>
        ) : (
          <ul className="mt-3 space-y-3">
            {daySlots.map((s) => (
              <li
                key={s.id}
                className={cn(
                  'rounded-2xl border-l-4 bg-cream p-3',
                  s.kind === 'available' ? 'border-emerald-600' : s.kind === 'blocked' ? 'border-stone-500' : 'border-wine-700',
                )}
              >
                <div className="flex items-center justify-between gap-2">
                  <SlotBadge kind={s.kind} />
                  <span className="inline-flex items-center gap-1 text-sm font-semibold text-wine-900">
                    <Clock aria-hidden="true" className="size-4" />
                    {s.startTime}–{s.endTime}
                  </span>
                </div>
                {s.kind === 'booked' && s.eventId ? (
                  <>
                    <Link
                      to={`/events/${s.eventId}`}
                      className="mt-2 block font-semibold break-words text-wine-800 underline underline-offset-4 hover:text-wine-900"
                    >
                      {s.eventTitle}
                    </Link>
                    <p className="mt-1 inline-flex items-center gap-1 text-sm text-muted">
                      <Users aria-hidden="true" className="size-4" />
                      {s.registrations ?? 0}/{s.maxCapacity ?? '–'} registered
                    </p>
                  </>
                ) : s.kind === 'blocked' ? (
                  <p className="mt-2 text-sm text-ink">Reason: {blockReasonLabel(s.reason)}</p>
                ) : (
                  <p className="mt-2 text-sm text-ink">Up to {s.maxCapacity ?? '–'} guests</p>
                )}
                {s.notes && <p className="mt-1 text-sm break-words text-muted">{s.notes}</p>}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function DayMarkers({ slots }: { slots: Slot[] }) {
  if (slots.length === 0) return null;
  return (
    <>
      <span className="flex flex-wrap gap-1 px-1 lg:hidden">
        {slots.slice(0, 4).map((s) => (
          <span key={s.id} className={cn('size-2.5 rounded-full ring-2 ring-white', SLOT_STYLES[s.kind].dot)} />
        ))}
      </span>
      <span className="hidden flex-col gap-1 lg:flex">
        {slots.slice(0, 2).map((s) => (
          <span key={s.id} className={cn('block rounded-md px-1.5 py-0.5 text-xs leading-tight', SLOT_STYLES[s.kind].chip)}>
            <span className="block font-bold">{s.startTime}</span>
            <span className="block truncate font-medium">{CHIP_TEXT[s.kind](s)}</span>
          </span>
        ))}
        {slots.length > 2 && <span className="px-1 text-xs font-semibold">+{slots.length - 2} more</span>}
      </span>
    </>
  );
}
