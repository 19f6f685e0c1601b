import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@client/components/ui/cn';
import {
  addDays,
  addMonths,
  firstOfMonth,
  formatLongDay,
  formatMonth,
  lastOfMonth,
  monthOf,
  monthWeeks,
  sameDayIn,
  today as londonToday,
  WEEKDAYS,
  type Day,
  type Month,
} from '../lib/dates';

export interface MonthGridProps {
  month: Month;
  onMonthChange: (month: Month) => void;
  selected: Day | null;
  onSelect: (day: Day) => void;
  /** Days that cannot be picked (shown, but disabled). */
  isDisabled?: (day: Day) => boolean;
  /** The earliest month the Previous button reaches. */
  minMonth?: Month;
  /** Extra content inside a day's button; it is hidden from screen readers, so say it in `describeDay`. */
  renderDay?: (day: Day) => ReactNode;
  /** Words added to a day's accessible name, e.g. '2 slots: 1 booked'. */
  describeDay?: (day: Day) => string | undefined;
  /** compact: a date picker; roomy: a full calendar page. */
  variant?: 'compact' | 'roomy';
  /** Move focus to the current day when the grid appears (a date picker opening). */
  autoFocus?: boolean;
}

/**
 * An accessible month grid: a table of day buttons, Monday first. One day is in the tab order
 * (the picked day, else today, else the first open day); arrow keys move a day or a week,
 * Home/End to the week's ends, Page Up/Down a month; Enter or Space picks.
 */
export function MonthGrid({
  month,
  onMonthChange,
  selected,
  onSelect,
  isDisabled = () => false,
  minMonth,
  renderDay,
  describeDay,
  variant = 'compact',
  autoFocus,
}: MonthGridProps) {
  const titleId = useId();
  const tableRef = useRef<HTMLTableElement>(null);
  const pendingFocus = useRef<Day | null>(null);
  const [cursor, setCursor] = useState<Day | null>(null);
  const today = londonToday();
  const weeks = monthWeeks(month);
  const inMonth = (d: Day | null): d is Day => !!d && monthOf(d) === month;
  const open = (d: Day | null): d is Day => inMonth(d) && !isDisabled(d);

  /** The one day button in the tab order. */
  const rover: Day | null = open(cursor)
    ? cursor
    : open(selected)
      ? selected
      : open(today)
        ? today
        : (weeks.flat().find((d) => open(d)) ?? null);

  useEffect(() => {
    const target = pendingFocus.current;
    if (!target) return;
    pendingFocus.current = null;
    tableRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${target}"]`)?.focus();
  });

  useEffect(() => {
    if (autoFocus && rover) tableRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${rover}"]`)?.focus();
    // Only when the grid first appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const canGoBack = !minMonth || month > minMonth;

  const moveTo = (target: Day) => {
    if (isDisabled(target)) return;
    const m = monthOf(target);
    if (minMonth && m < minMonth) return;
    if (m !== month) onMonthChange(m);
    setCursor(target);
    pendingFocus.current = target;
  };

  const onKeyDown = (e: KeyboardEvent<HTMLButtonElement>, day: Day) => {
    const weekday = (new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7;
    const moves: Record<string, () => Day> = {
      ArrowLeft: () => addDays(day, -1),
      ArrowRight: () => addDays(day, 1),
      ArrowUp: () => addDays(day, -7),
      ArrowDown: () => addDays(day, 7),
      Home: () => addDays(day, -weekday),
      End: () => addDays(day, 6 - weekday),
      PageUp: () => sameDayIn(addMonths(month, -1), day),
      PageDown: () => sameDayIn(addMonths(month, 1), day),
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    moveTo(move());
  };

  const roomy = variant === 'roomy';
  const navButton = 'inline-flex size-11 items-center justify-center rounded-xl text-wine-800 hover:bg-wine-50 disabled:cursor-not-allowed disabled:opacity-40';

  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-2">
        <button
          type="button"
          className={navButton}
          disabled={!canGoBack}
          onClick={() => onMonthChange(addMonths(month, -1))}
          aria-label={`Previous month, ${formatMonth(addMonths(month, -1))}`}
        >
          <ChevronLeft aria-hidden="true" className="size-6" />
        </button>
        <p id={titleId} aria-live="polite" className={cn('font-display font-bold text-wine-900', roomy ? 'text-xl' : 'text-lg')}>
          {formatMonth(month)}
        </p>
        <button
          type="button"
          className={navButton}
          onClick={() => onMonthChange(addMonths(month, 1))}
          aria-label={`Next month, ${formatMonth(addMonths(month, 1))}`}
        >
          <ChevronRight aria-hidden="true" className="size-6" />
        </button>
      </div>

      <table ref={tableRef} aria-labelledby={titleId} className="w-full table-fixed border-separate border-spacing-0.5 sm:border-spacing-1">
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={long} scope="col" className="pb-1 text-xs font-semibold text-muted sm:text-sm">
                <abbr title={long} className="no-underline">
                  {roomy ? short : short.slice(0, 2)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((day, i) => {
                if (!day) return <td key={`pad-${w}-${i}`} />;
                const disabled = isDisabled(day);
                const isSelected = day === selected;
                const isToday = day === today;
                const extra = describeDay?.(day);
                return (
                  <td key={day} className="p-0 align-top">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === rover ? 0 : -1}
                      disabled={disabled}
                      aria-pressed={isSelected}
                      aria-current={isToday ? 'date' : undefined}
                      onClick={() => {
                        setCursor(day);
                        onSelect(day);
                      }}
                      onKeyDown={(e) => onKeyDown(e, day)}
                      className={cn(
                        'relative w-full rounded-xl border-2 font-semibold transition-colors disabled:cursor-not-allowed',
                        roomy
                          ? 'flex min-h-16 flex-col items-stretch gap-1 p-1 text-left text-sm lg:min-h-28 lg:p-1.5'
                          : 'flex size-11 items-center justify-center text-base',
                        isSelected
                          ? 'border-wine-700 bg-wine-700 text-white'
                          : disabled
                            ? 'border-transparent text-stone-400 line-through'
                            : cn('bg-white text-ink hover:border-wine-300 hover:bg-wine-50', isToday ? 'border-apricot-500' : roomy ? 'border-wine-100' : 'border-transparent'),
                      )}
                    >
                      <span className="sr-only">{`${formatLongDay(day)}${isToday ? ', today' : ''}${extra ? `, ${extra}` : ''}`}</span>
                      <span aria-hidden="true" className={cn(roomy && 'px-1', isToday && !isSelected && 'text-apricot-700')}>
                        {Number(day.slice(8, 10))}
                      </span>
                      {renderDay && <span aria-hidden="true" className="contents">{renderDay(day)}</span>}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The first and last day the grid of a month shows (for fetching that range). */
export function monthRange(month: Month): { from: Day; to: Day } {
  return { from: firstOfMonth(month), to: lastOfMonth(month) };
}
