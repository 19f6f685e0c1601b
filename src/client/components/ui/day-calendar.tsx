import { ChevronLeft, ChevronRight } from 'lucide-react';
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { DayPicker, type ChevronProps, type ClassNames, type CustomComponents, type DayButtonProps, type Labels } from 'react-day-picker';
import { cn } from '@client/components/ui/cn';
import { formatDate } from '@client/lib/format';
import { firstOfMonth, monthOf, today as londonToday, WEEKDAYS, type Day, type Month } from '@client/lib/dates';

/*
 * react-day-picker works on Date objects in the browser's time zone. Our days are London
 * 'YYYY-MM-DD' strings, so each one becomes local midnight of that same calendar day and back:
 * whatever the browser's zone, the grid shows London's days and London's today.
 */
const pad = (n: number) => String(n).padStart(2, '0');
function toDate(day: Day): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}
const toDay = (date: Date): Day => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
const toMonth = (date: Date): Month => monthOf(toDay(date));
const monthName = (date: Date) => formatDate(toMonth(date), 'monthYear');
const weekday = (date: Date) => WEEKDAYS[(date.getDay() + 6) % 7]!;

type Variant = 'compact' | 'roomy';

export interface DayCalendarProps {
  month: Month;
  onMonthChange: (month: Month) => void;
  selected: Day | null;
  onSelect: (day: Day) => void;
  /** Days before this are shown but cannot be picked, and the months before its month are out of reach. */
  minDay?: Day;
  /** Words added to a day's accessible name, e.g. '2 slots: 1 booked'. */
  describeDay?: (day: Day) => string | undefined;
  /** Extra content inside a day's button (hidden from screen readers: say it in `describeDay`). */
  renderDay?: (day: Day) => ReactNode;
  /** compact: a date picker; roomy: a full calendar page. */
  variant?: Variant;
  /** Focus the picked day (else today, else the first open day) when the calendar appears. */
  autoFocus?: boolean;
}

const DayExtras = createContext<{ variant: Variant; renderDay?: ((day: Day) => ReactNode) | undefined }>({ variant: 'compact' });

/** A day: big enough to tap in a dim bar; picked, today and closed days look different. */
function CalendarDayButton({ day, modifiers, className, children, ...props }: DayButtonProps) {
  const { variant, renderDay } = useContext(DayExtras);
  const ref = useRef<HTMLButtonElement>(null);
  // As react-day-picker's own day button: keyboard moves focus by changing the focused day.
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  const roomy = variant === 'roomy';
  const { selected, today } = modifiers;
  const closed = modifiers.disabled;
  return (
    <button
      ref={ref}
      {...props}
      className={cn(
        className,
        'relative w-full rounded-xl border-2 font-semibold transition-colors disabled:cursor-not-allowed',
        roomy ? 'flex min-h-16 flex-col items-stretch gap-1 p-1 text-left text-sm lg:min-h-28 lg:p-1.5' : 'flex h-11 items-center justify-center text-base',
        selected
          ? 'border-wine-700 bg-wine-700 text-white'
          : closed
            ? 'border-transparent text-stone-400 line-through'
            : cn('bg-white text-ink hover:border-wine-300 hover:bg-wine-50', today ? 'border-apricot-500' : roomy ? 'border-wine-100' : 'border-transparent'),
      )}
    >
      <span aria-hidden="true" className={cn(roomy && 'px-1', today && !selected && 'text-apricot-700')}>
        {children}
      </span>
      {renderDay && (
        <span aria-hidden="true" className="contents">
          {renderDay(day.isoDate)}
        </span>
      )}
    </button>
  );
}

function CalendarChevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
  return <Icon aria-hidden="true" className={className} />;
}

const COMPONENTS: Partial<CustomComponents> = { DayButton: CalendarDayButton, Chevron: CalendarChevron };

const navButton =
  'inline-flex size-11 items-center justify-center rounded-xl text-wine-800 hover:bg-wine-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent';

function classNamesFor(variant: Variant): Partial<ClassNames> {
  return {
    root: 'w-full',
    months: '',
    // Previous, the month's name and Next on one row, the grid under them.
    month: 'grid grid-cols-[auto_1fr_auto] items-center gap-y-2',
    month_caption: 'flex justify-center',
    caption_label: cn('font-display font-bold text-wine-900', variant === 'roomy' ? 'text-xl' : 'text-lg'),
    button_previous: navButton,
    button_next: navButton,
    chevron: 'size-6',
    month_grid: 'col-span-3 w-full table-fixed border-separate border-spacing-0.5 sm:border-spacing-1',
    weekdays: '',
    weekday: 'pb-1 text-xs font-semibold text-muted sm:text-sm',
    weeks: '',
    week: '',
    day: 'p-0 align-top',
    day_button: '',
    selected: '',
    today: '',
    disabled: '',
    outside: '',
    focused: '',
    hidden: '',
  };
}
const CLASS_NAMES: Record<Variant, Partial<ClassNames>> = { compact: classNamesFor('compact'), roomy: classNamesFor('roomy') };

/**
 * A month of days on react-day-picker, Monday first, in the app's look. One day is in the tab
 * order; arrow keys move a day or a week, Home/End to the week's ends, Page Up/Down a month;
 * Enter or Space picks.
 */
export function DayCalendar({ month, onMonthChange, selected, onSelect, minDay, describeDay, renderDay, variant = 'compact', autoFocus }: DayCalendarProps) {
  const labels = useMemo<Partial<Labels>>(
    () => ({
      labelDayButton: (date, modifiers) => {
        const day = toDay(date);
        return [formatDate(day, 'long'), modifiers.today && 'today', describeDay?.(day)].filter(Boolean).join(', ');
      },
      labelPrevious: (m) => (m ? `Previous month, ${monthName(m)}` : 'Previous month'),
      labelNext: (m) => (m ? `Next month, ${monthName(m)}` : 'Next month'),
      labelGrid: monthName,
      labelWeekday: (date) => weekday(date)[1],
      labelNav: () => 'Months',
    }),
    [describeDay],
  );
  const formatters = useMemo(
    () => ({
      formatCaption: monthName,
      formatWeekdayName: (date: Date) => (variant === 'roomy' ? weekday(date)[0] : weekday(date)[0].slice(0, 2)),
    }),
    [variant],
  );
  const extras = useMemo(() => ({ variant, renderDay }), [variant, renderDay]);

  return (
    <DayExtras.Provider value={extras}>
      <DayPicker
        mode="single"
        required
        lang="en-GB"
        weekStartsOn={1}
        navLayout="around"
        today={toDate(londonToday())}
        month={toDate(firstOfMonth(month))}
        onMonthChange={(m) => onMonthChange(toMonth(m))}
        startMonth={minDay ? toDate(firstOfMonth(monthOf(minDay))) : undefined}
        selected={selected ? toDate(selected) : undefined}
        onSelect={(date) => onSelect(toDay(date))}
        disabled={minDay ? { before: toDate(minDay) } : undefined}
        autoFocus={autoFocus}
        labels={labels}
        formatters={formatters}
        components={COMPONENTS}
        classNames={CLASS_NAMES[variant]}
      />
    </DayExtras.Provider>
  );
}
