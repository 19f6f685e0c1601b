import { useId, type ReactNode } from 'react';
import { Card } from '@client/components/ui/card';

export function Panel({ title, action, children, className }: { title: string; action?: ReactNode; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <Card className={className}>
      <section aria-labelledby={id}>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="text-xl font-semibold text-wine-900">
            {title}
          </h2>
          {action}
        </div>
        {children}
      </section>
    </Card>
  );
}
