import { LogIn, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';

export const LOGIN_HREF = `/login?next=${encodeURIComponent('/register')}`;

/** Above the wizard for a visitor: members log in first and keep their draft. */
export function LoginPrompt() {
  return (
    <p className="rounded-2xl bg-apricot-50 px-4 py-3 text-ink">
      Already a member?{' '}
      <Link to={LOGIN_HREF} className="inline-flex min-h-11 items-center gap-1 font-semibold text-wine-700 underline underline-offset-4">
        <LogIn aria-hidden="true" className="size-4" />
        Log in to save your answers
      </Link>{' '}
      <span className="text-muted">(we keep what you've filled in).</span>
    </p>
  );
}

/** Why completing failed; a taken email offers the log-in link. */
export function FailureAlert({ failure }: { failure: { text: string; taken: boolean } }) {
  return (
    <div role="alert" className="mt-5 flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-800">
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="space-y-1">
        <p className="font-medium">{failure.text}</p>
        {failure.taken && (
          <p>
            <Link to={LOGIN_HREF} className="inline-flex min-h-11 items-center font-semibold text-red-900 underline underline-offset-4">
              Log in to save your answers
            </Link>
          </p>
        )}
      </div>
    </div>
  );
}
