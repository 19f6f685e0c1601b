import type { ComponentType, ReactNode } from 'react';
import { Card } from '@client/components/ui/card';

/** A friendly full-width message in place of the arrival screen: icon, heading, text and actions. */
export function NoticeCard({
  icon: Icon,
  title,
  children,
  actions,
}: {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <Card className="mx-auto max-w-xl text-center">
      <span className="mx-auto mb-3 flex size-14 items-center justify-center rounded-full bg-apricot-100">
        <Icon aria-hidden="true" className="size-7 text-wine-700" />
      </span>
      <h2 className="text-2xl font-semibold text-wine-900">{title}</h2>
      <div className="mt-2 space-y-2 text-muted">{children}</div>
      {actions && <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row">{actions}</div>}
    </Card>
  );
}
