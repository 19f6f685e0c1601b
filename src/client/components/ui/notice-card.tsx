import { LogIn, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from './button';
import { Card } from './card';

/** 'Log in', coming back to this very page (path and query) afterwards. */
export function LoginButton({ className }: { className?: string }) {
  const { pathname, search } = useLocation();
  return (
    <Button asChild size="lg" className={className}>
      <Link to={`/login?next=${encodeURIComponent(pathname + search)}`}>
        <LogIn aria-hidden="true" className="size-5" />
        Log in
      </Link>
    </Button>
  );
}

/**
 * A friendly full-width message in place of a screen: an icon in a circle, a heading, some text
 * and the ways forward. `signIn` puts a Log in button first, returning to the current page.
 */
export function NoticeCard({
  icon: Icon,
  title,
  children,
  actions,
  signIn,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  signIn?: boolean;
}) {
  return (
    <Card className="mx-auto max-w-xl text-center">
      <span className="mx-auto mb-3 flex size-14 items-center justify-center rounded-full bg-apricot-100">
        <Icon aria-hidden="true" className="size-7 text-wine-700" />
      </span>
      <h2 className="text-2xl font-semibold text-wine-900">{title}</h2>
      <div className="mt-2 space-y-2 text-muted">{children}</div>
      {(signIn || actions) && (
        <div className="mt-5 flex flex-col justify-center gap-3 sm:flex-row sm:flex-wrap">
          {signIn && <LoginButton />}
          {actions}
        </div>
      )}
    </Card>
  );
}
