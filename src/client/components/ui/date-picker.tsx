import * as Popover from '@radix-ui/react-popover';
import { CalendarDays, ChevronDown } from 'lucide-react';
import { forwardRef, useId, useState } from 'react';
import { cn } from '@client/components/ui/cn';
import { formatDate } from '@client/lib/format';
import { monthOf, today as londonToday, type Day } from '@client/lib/dates';
import { DayCalendar } from './day-calendar';

export interface DatePickerProps {
  label: string;
  value: Day | '';
  onChange: (day: Day) => void;
  onBlur?: () => void;
  error?: string | undefined;
  hint?: string;
  /** Days before this cannot be picked (default: London's today). */
  minDay?: Day;
  disabled?: boolean;
}

/**
 * A labelled date field: a button that opens a popover with a month of days (react-day-picker).
 * Past days cannot be picked (docs/spec/organiser-tools.md §2.14). Picking a day closes the
 * popover and returns focus to the button.
 */
export const DatePicker = forwardRef<HTMLButtonElement, DatePickerProps>(function DatePicker(
  { label, value, onChange, onBlur, error, hint, minDay, disabled },
  ref,
) {
  const id = useId();
  const labelId = `${id}-label`;
  const buttonId = `${id}-button`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const min = minDay ?? londonToday();
  const [open, setOpen] = useState(false);
  const [month, setMonth] = useState(() => monthOf(value && value >= min ? value : min));

  const onOpenChange = (next: boolean) => {
    if (next) setMonth(monthOf(value && value >= min ? value : min));
    setOpen(next);
    if (!next) onBlur?.();
  };

  return (
    <div className="space-y-1.5">
      <span id={labelId} className="block text-sm font-semibold text-wine-900">
        {label}
      </span>
      <Popover.Root open={open} onOpenChange={onOpenChange}>
        <Popover.Trigger asChild>
          <button
            ref={ref}
            id={buttonId}
            type="button"
            disabled={disabled}
            aria-labelledby={`${labelId} ${buttonId}`}
            aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
            className={cn(
              'flex min-h-12 w-full items-center gap-3 rounded-2xl border-2 bg-white px-4 py-3 text-left text-base focus:border-wine-500 focus:outline-none disabled:opacity-60',
              error ? 'border-red-600' : 'border-wine-100',
            )}
          >
            <CalendarDays aria-hidden="true" className="size-5 shrink-0 text-wine-700" />
            <span className={cn('flex-1', value ? 'text-ink' : 'text-muted')}>{value ? formatDate(value, 'long') : 'Pick a date'}</span>
            <ChevronDown aria-hidden="true" className="size-5 shrink-0 text-muted" />
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            aria-label={`Choose ${label.toLowerCase()}`}
            align="start"
            sideOffset={8}
            // Clear of the sticky header and the bottom navigation (app/layout.tsx).
            collisionPadding={{ top: 72, bottom: 96, left: 12, right: 12 }}
            onOpenAutoFocus={(e) => e.preventDefault()}
            className="z-50 w-[min(23rem,calc(100vw-1.5rem))] rounded-3xl border border-wine-100 bg-white p-3 shadow-xl sm:p-4"
          >
            <DayCalendar
              month={month}
              onMonthChange={setMonth}
              selected={value || null}
              minDay={min}
              onSelect={(d) => {
                onChange(d);
                onOpenChange(false);
              }}
              autoFocus
            />
            <p className="mt-2 text-center text-sm text-muted">Past days cannot be picked.</p>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
});
