import { Keyboard } from 'lucide-react';
import { Card, CardTitle } from '@client/components/ui/card';
import { SHORTCUTS } from '../lib/texts';

export function ShortcutHelp({ id }: { id?: string }) {
  return (
    <Card id={id} className="space-y-3" aria-labelledby={id ? `${id}-title` : undefined}>
      <CardTitle id={id ? `${id}-title` : undefined} className="flex items-center gap-2">
        <Keyboard aria-hidden={true} className="size-5" />
        Keyboard shortcuts
      </CardTitle>
      <dl className="divide-y divide-wine-100">
        {SHORTCUTS.map((s) => (
          <div key={s.keys} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 py-2">
            <dt>
              <kbd className="rounded-lg border border-wine-200 bg-wine-50 px-2 py-1 font-mono text-sm font-semibold text-wine-900">{s.keys}</kbd>
            </dt>
            <dd className="text-ink">{s.does}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted">P and H do nothing while you are typing in a field.</p>
    </Card>
  );
}
