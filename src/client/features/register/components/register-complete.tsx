import { CalendarHeart, CircleCheck, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { PERSONALITY_QUESTIONS, PERSONALITY_TEXT, personalityBarPercent, personalityDescription } from '@shared/domain/personality';
import type { User } from '@shared/schemas/users';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';

/** The completion screen: what was saved to the profile, and where to go next. */
export function RegisterComplete({ user }: { user: User }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const answers = user.answers;
  return (
    <Card className="space-y-6">
      <div className="text-center">
        <CircleCheck aria-hidden="true" className="mx-auto mb-3 size-12 text-emerald-700" />
        <h2 ref={heading} tabIndex={-1} className="text-2xl font-semibold text-wine-900 focus:outline-none">
          You're all set, {user.name.split(' ')[0]}!
        </h2>
        <p className="mt-2 text-ink">Your answers are saved to your profile. We'll use them to introduce you to people you'll click with.</p>
      </div>

      {answers && (
        <section aria-labelledby="complete-personality" className="space-y-3">
          <h3 id="complete-personality" className="text-lg font-semibold text-wine-900">
            Your personality
          </h3>
          <ul className="space-y-3">
            {PERSONALITY_QUESTIONS.map((q) => {
              const score = answers.personality[q];
              if (typeof score !== 'number') return null;
              const d = personalityDescription(q, score);
              return (
                <li key={q}>
                  <div className="flex justify-between text-sm font-semibold text-wine-900">
                    <span>{PERSONALITY_TEXT[q].trait}</span>
                    <span>
                      {score}/5 · {d.band}
                    </span>
                  </div>
                  <div aria-hidden="true" className="mt-1 h-2.5 overflow-hidden rounded-full bg-wine-100">
                    <div className="h-full rounded-full bg-wine-600" style={{ width: `${personalityBarPercent(score)}%` }} />
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      <section aria-labelledby="complete-interests" className="space-y-2">
        <h3 id="complete-interests" className="text-lg font-semibold text-wine-900">
          Your interests
        </h3>
        <ul className="flex flex-wrap gap-2">
          {user.interests.map((i) => (
            <li key={i} className="rounded-full bg-apricot-100 px-3.5 py-1.5 text-[0.9375rem] font-semibold text-wine-900">
              {i}
            </li>
          ))}
        </ul>
      </section>

      {answers && answers.motivations.length > 0 && (
        <section aria-labelledby="complete-motivations" className="space-y-2">
          <h3 id="complete-motivations" className="text-lg font-semibold text-wine-900">
            What brings you here
          </h3>
          <ul className="list-inside list-disc text-ink">
            {answers.motivations.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        </section>
      )}

      <div className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild size="lg">
          <Link to="/profile">
            <UserRound aria-hidden="true" className="size-5" />
            View my profile
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/events">
            <CalendarHeart aria-hidden="true" className="size-5" />
            Browse events
          </Link>
        </Button>
      </div>
    </Card>
  );
}
