import * as Tabs from '@radix-ui/react-tabs';
import type { ComponentType } from 'react';
import { cn } from './cn';

export interface TabItem<T extends string> {
  value: T;
  label: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}

/**
 * The segmented tab bar of every tabbed screen (a Radix Tabs.List: arrow keys move between tabs,
 * the active one is announced). `columns` lays the tabs out (phone first); `large` for a bar of
 * few, roomy tabs; `stacked` puts the icon above the label on a phone, for long labels.
 */
export function TabBar<T extends string>({
  label,
  tabs,
  columns,
  large = false,
  stacked = false,
}: {
  label: string;
  tabs: readonly TabItem<T>[];
  columns: string;
  large?: boolean;
  stacked?: boolean;
}) {
  return (
    <Tabs.List aria-label={label} className={cn('grid gap-1 rounded-3xl bg-wine-50 p-1', columns)}>
      {tabs.map(({ value, label: text, icon: Icon }) => (
        <Tabs.Trigger
          key={value}
          value={value}
          className={cn(
            'inline-flex min-h-12 items-center justify-center gap-2 rounded-2xl font-semibold text-wine-800 transition-colors hover:bg-white/70 data-[state=active]:bg-white data-[state=active]:text-wine-900 data-[state=active]:shadow-sm',
            large ? 'px-3 text-base' : 'px-2 text-sm',
            stacked && 'flex-col gap-1 sm:flex-row sm:gap-2',
          )}
        >
          <Icon aria-hidden={true} className={cn('shrink-0', large ? 'size-5' : 'size-4')} />
          {text}
        </Tabs.Trigger>
      ))}
    </Tabs.List>
  );
}

/** The panel under a TabBar. */
export const TAB_PANEL = 'mt-5 focus-visible:outline-offset-4';
