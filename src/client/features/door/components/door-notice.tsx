import { CalendarX2, LogIn, ShieldQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';

/** Why the check-in desk shows no guests, and the way forward (log in, another evening, try again). */
export function DoorNotice({ kind, title, children, action }: { kind: 'signin' | 'denied' | 'empty'; title: string; children: ReactNode; action?: ReactNode }) {
  const { pathname, search } = useLocation();
  const Icon = kind === 'signin' ? LogIn : kind === 'denied' ? ShieldQuestion : CalendarX2;
  return (
    <Card className="text-center">
      <span className="mx-auto mb-3 inline-flex size-14 items-center justify-center rounded-full bg-apricot-100 text-wine-700">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h2 className="text-2xl font-semibold text-wine-900">{title}</h2>
      <div className="mx-auto mt-2 max-w-md text-muted">{children}</div>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {kind === 'signin' && (
          <Button asChild>
            <Link to={`/login?next=${encodeURIComponent(pathname + search)}`}>Log in</Link>
          </Button>
        )}
        {action}
      </div>
    </Card>
  );
}
