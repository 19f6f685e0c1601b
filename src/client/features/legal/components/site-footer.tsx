import { Link } from 'react-router';

/**
 * Where a visitor writes to us. The organisers' address, as the mail the site sends comes from
 * (MAIL_FROM's default in src/server/env.ts); a deployment with its own address changes it here.
 */
export const CONTACT_EMAIL = 'hello@speedfriendship.test';

const link = 'inline-flex min-h-11 items-center px-2 font-semibold text-wine-800 underline underline-offset-4 hover:text-wine-900';

/** The footer of the public pages: privacy, the refund rule, the accessibility statement, contact (there is no terms page). */
export function SiteFooter() {
  return (
    <footer className="mx-auto mt-4 w-full max-w-5xl px-4 pb-8 sm:px-6">
      <nav aria-label="About this site" className="flex flex-wrap items-center justify-center gap-x-4 gap-y-1 border-t border-wine-100 pt-4 text-sm">
        <Link to="/privacy" className={link}>
          Privacy
        </Link>
        <Link to="/refunds" className={link}>
          Refunds
        </Link>
        <Link to="/accessibility-statement" className={link}>
          Accessibility
        </Link>
        <a href={`mailto:${CONTACT_EMAIL}`} className={link}>
          Contact us
        </a>
      </nav>
    </footer>
  );
}
