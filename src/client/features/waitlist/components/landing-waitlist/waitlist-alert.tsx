import { AlertCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { Failure } from './form-state';

/** A refused signup (a taken email offers the login), or the form's own script failing to load. */
export function WaitlistAlert({ alert, next }: { alert: Failure; next: string | null }) {
  return (
    <div role="alert" className="flex gap-3 rounded-2xl border-2 border-red-200 bg-red-50 p-4 text-red-800">
      <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p className="font-medium">
        {alert.text}
        {alert.taken && (
          <>
            {' '}
            <Link to={next ? `/login?next=${encodeURIComponent(next)}` : '/login'} className="font-semibold underline underline-offset-4">
              Log in
            </Link>
          </>
        )}
      </p>
    </div>
  );
}
