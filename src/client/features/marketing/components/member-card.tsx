import { LogIn, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@client/components/ui/card';
import { IconBubble } from './bits';

/** 'Already a member?': the way to /login from the landing page; a signed-in member gets their profile instead. */
export function MemberCard({ signedIn }: { signedIn: boolean }) {
  return (
    <Card className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-4 sm:grid-cols-[auto_1fr_auto]">
      <IconBubble icon={signedIn ? UserRound : LogIn} />
      <div>
        <h2 className="text-xl font-semibold text-wine-900">{signedIn ? "You're signed in" : 'Already a member?'}</h2>
        <p className="text-muted">{signedIn ? 'Your details and evenings are in your profile.' : 'Log in with your email. No password needed.'}</p>
      </div>
      <Link
        to={signedIn ? '/profile' : '/login'}
        className="col-span-2 inline-flex min-h-12 items-center justify-center rounded-2xl border-2 border-wine-200 bg-white px-5 font-semibold text-wine-800 transition-colors hover:bg-wine-50 sm:col-span-1"
      >
        {signedIn ? 'My profile' : 'Log in'}
      </Link>
    </Card>
  );
}
