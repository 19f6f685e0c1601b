import { zodResolver } from '@hookform/resolvers/zod';
import { Ban, CalendarPlus, Trash2, TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { BLOCK_REASONS, slotBody, type Slot, type SlotBody } from '@shared/schemas/venues';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { TextAreaField, TextField } from '@client/components/ui/field';
import { ApiError, messageOf } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { useAddSlot, useRemoveSlot, venueSlotsQuery } from '../api/venues';
import { addDays, today as londonToday } from '@client/lib/dates';
import { BLOCK_REASON_LABELS, blockReasonLabel } from '../lib/venues';
import { DatePicker } from '@client/components/ui/date-picker';
import { SlotBadge } from './slot-bits';

/** How far ahead the upcoming list reaches (the server's default range). */
const UPCOMING_DAYS = 62;

const SLOT_DEFAULTS: SlotBody = { day: '', startTime: '18:30', endTime: '21:30', kind: 'available', maxCapacity: 45, reason: null, notes: '' };
const BLOCK_DEFAULTS: SlotBody = { day: '', startTime: '19:00', endTime: '22:00', kind: 'blocked', maxCapacity: 45, reason: 'maintenance', notes: '' };
const FIELDS = ['day', 'startTime', 'endTime', 'maxCapacity', 'reason', 'notes'] as const;

/**
 * The Manage Availability tab: add an available slot, block time, and the upcoming list. Only
 * the venue's owner, its co-hosts and admins may change it (`canEdit`); others see the list only.
 */
export function ManageAvailability({ venueId, venueName, canEdit = true }: { venueId: number; venueName: string; canEdit?: boolean }) {
  return (
    <div className="space-y-5">
      {canEdit ? (
        <div className="grid gap-5 lg:grid-cols-2 lg:items-start">
          <SlotForm key={`slot-${venueId}`} venueId={venueId} venueName={venueName} kind="available" />
          <SlotForm key={`block-${venueId}`} venueId={venueId} venueName={venueName} kind="blocked" />
        </div>
      ) : (
        <p className="rounded-2xl bg-cream px-4 py-3 text-sm text-muted">
          {venueName} belongs to another host. Only its owner, its co-hosts and admins can change its availability.
        </p>
      )}
      <UpcomingSlots venueId={venueId} canEdit={canEdit} />
    </div>
  );
}

function SlotForm({ venueId, venueName, kind }: { venueId: number; venueName: string; kind: 'available' | 'blocked' }) {
  const add = useAddSlot(venueId);
  const defaults = kind === 'available' ? SLOT_DEFAULTS : BLOCK_DEFAULTS;
  const form = useForm({ resolver: zodResolver(slotBody), defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;
  const [conflict, setConflict] = useState<string | null>(null);
  const reasonId = useId();
  const blocking = kind === 'blocked';

  const submit = form.handleSubmit(async (values) => {
    setConflict(null);
    try {
      const slot = await add.mutateAsync({ ...values, notes: values.notes || null, reason: blocking ? values.reason : null });
      toast.success(blocking ? 'Time blocked' : 'Slot added', {
        description: `${venueName}, ${formatDate(slot.day, 'short')} ${slot.startTime}–${slot.endTime}`,
      });
      form.reset(defaults);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        for (const [path, message] of Object.entries(err.fieldErrors)) {
          const field = FIELDS.find((f) => f === path);
          if (field) form.setError(field, { type: 'server', message });
        }
      }
      setConflict(messageOf(err, 'Something went wrong. Please try again.'));
    }
  });

  return (
    <Card>
      <CardTitle className="flex items-center gap-2">
        {blocking ? <Ban aria-hidden="true" className="size-5 text-stone-600" /> : <CalendarPlus aria-hidden="true" className="size-5 text-emerald-700" />}
        {blocking ? 'Block time' : 'Add an available slot'}
      </CardTitle>
      <p className="mt-1 text-sm text-muted">
        {blocking ? 'No evening can be scheduled at the venue during a block.' : 'Times the venue can host an evening.'}
      </p>
      <form onSubmit={submit} noValidate aria-label={blocking ? 'Block time' : 'Add an available slot'} className="mt-4 space-y-4">
        <Controller
          control={form.control}
          name="day"
          render={({ field }) => (
            <DatePicker
              ref={field.ref}
              label="Day"
              value={field.value}
              onChange={(d) => {
                field.onChange(d);
                if (form.formState.isSubmitted) void form.trigger('day');
              }}
              onBlur={field.onBlur}
              error={errors.day?.message}
            />
          )}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField label="Start time" type="time" error={errors.startTime?.message} {...form.register('startTime')} />
          <TextField label="End time" type="time" error={errors.endTime?.message} {...form.register('endTime')} />
        </div>
        {blocking ? (
          <div className="space-y-1.5">
            <label htmlFor={reasonId} className="block text-sm font-semibold text-wine-900">
              Reason
            </label>
            <select
              id={reasonId}
              aria-invalid={errors.reason ? true : undefined}
              className="block min-h-12 w-full rounded-2xl border-2 border-wine-100 bg-white px-4 py-3 text-base text-ink focus:border-wine-500 focus:outline-none"
              {...form.register('reason')}
            >
              {BLOCK_REASONS.map((r) => (
                <option key={r} value={r}>
                  {BLOCK_REASON_LABELS[r]}
                </option>
              ))}
            </select>
            {errors.reason?.message && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {errors.reason.message}
              </p>
            )}
          </div>
        ) : (
          <TextField
            label="Maximum capacity"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            hint="Between 1 and 100 guests."
            className="sm:max-w-56"
            error={errors.maxCapacity?.message}
            {...form.register('maxCapacity', { valueAsNumber: true })}
          />
        )}
        <TextAreaField
          label={
            <>
              Notes <span className="font-normal text-muted">(optional)</span>
            </>
          }
          rows={2}
          error={errors.notes?.message}
          {...form.register('notes')}
        />
        <div role="alert">
          {conflict && (
            <p className="flex gap-2 rounded-2xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
              {conflict}
            </p>
          )}
        </div>
        <Button type="submit" variant={blocking ? 'outline' : 'primary'} disabled={isSubmitting} block>
          {blocking ? <Ban aria-hidden="true" className="size-5" /> : <CalendarPlus aria-hidden="true" className="size-5" />}
          {isSubmitting ? (blocking ? 'Blocking...' : 'Adding...') : blocking ? 'Block Time' : 'Add Slot'}
        </Button>
      </form>
    </Card>
  );
}

function slotSummary(s: Slot) {
  return `${s.kind === 'blocked' ? 'block' : 'available slot'} on ${formatDate(s.day, 'short')}, ${s.startTime} to ${s.endTime}`;
}

function UpcomingSlots({ venueId, canEdit }: { venueId: number; canEdit: boolean }) {
  const today = londonToday();
  const slots = useQuery(venueSlotsQuery(venueId, today, addDays(today, UPCOMING_DAYS)));
  const remove = useRemoveSlot(venueId);
  const stored = (slots.data ?? []).filter((s) => s.kind !== 'booked');

  const onRemove = (s: Slot) =>
    remove.mutate(s.id, {
      onSuccess: () =>
        toast.success(s.kind === 'blocked' ? 'Block removed' : 'Slot removed', { description: `${formatDate(s.day, 'short')} ${s.startTime}–${s.endTime}` }),
      onError: (err) => toast.error('Could not remove it', { description: messageOf(err, 'Please try again.') }),
    });

  return (
    <Card>
      <CardTitle>Upcoming slots and blocks</CardTitle>
      <p className="mt-1 text-sm text-muted">The next {UPCOMING_DAYS} days. Booked evenings are in Live Bookings.</p>
      {slots.isPending ? (
        <p className="mt-4 text-muted">Loading…</p>
      ) : slots.isError ? (
        <p className="mt-4 text-red-700">{messageOf(slots.error, "We couldn't load the slots.")}</p>
      ) : stored.length === 0 ? (
        <p className="mt-4 rounded-2xl bg-cream px-4 py-3 text-muted">No availability data. Add a slot or block time above.</p>
      ) : (
        <ul className="mt-4 divide-y divide-wine-100">
          {stored.map((s) => (
            <li key={s.id} className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3">
              <SlotBadge kind={s.kind} className="w-24 justify-center" />
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-wine-900">
                  {formatDate(s.day, 'short')} · {s.startTime}–{s.endTime}
                </p>
                <p className={cn('text-sm text-muted', s.notes && 'break-words')}>
                  {s.kind === 'blocked' ? blockReasonLabel(s.reason) : `Up to ${s.maxCapacity ?? '–'} guests`}
                  {s.notes ? ` · ${s.notes}` : ''}
                </p>
              </div>
              {canEdit && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => onRemove(s)}
                  disabled={remove.isPending && remove.variables === s.id}
                  aria-label={`Remove ${slotSummary(s)}`}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
