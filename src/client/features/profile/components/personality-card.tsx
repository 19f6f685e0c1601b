import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { PERSONALITY_QUESTIONS, PERSONALITY_TEXT, personalityBarPercent, personalityDescription } from '@shared/domain/personality';
import type { User } from '@shared/schemas/users';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { formatDate } from '@client/lib/format';

/**
 * 'Your personality and motivations': the member's own registration-wizard answers (/register,
 * docs/spec/organiser-tools.md §2.18). Only the member sees this; other guests see interests only.
 */
export function PersonalityCard({ user }: { user: User }) {
  const answers = user.answers;
  return (
    <Card>
      <CardTitle>Your personality and motivations</CardTitle>
      {!answers ? (
        <div className="mt-3 space-y-4">
          <p className="text-muted">Answer a few quick questions and we'll introduce you to people you'll really click with.</p>
          <Button asChild>
            <Link to="/register">
              <Sparkles aria-hidden="true" className="size-5" />
              Complete Personality Assessment
            </Link>
          </Button>
        </div>
      ) : (
        <div className="mt-4 space-y-6">
          <section aria-labelledby="profile-personality" className="space-y-3">
            <h3 id="profile-personality" className="text-lg font-semibold text-wine-900">
              Personality
            </h3>
            <ul className="space-y-3">
              {PERSONALITY_QUESTIONS.map((q) => {
                const score = answers.personality[q];
                if (typeof score !== 'number') return null;
                const d = personalityDescription(q, score);
                return (
                  <li key={q}>
                    <div className="flex items-baseline justify-between gap-3">
                      <span className="font-semibold text-wine-900">{PERSONALITY_TEXT[q].trait}</span>
                      <span className="text-sm font-semibold text-wine-800">
                        {score}/5 · {d.band}
                      </span>
                    </div>
                    <div aria-hidden="true" className="mt-1 h-2.5 overflow-hidden rounded-full bg-wine-100">
                      <div className="h-full rounded-full bg-wine-600" style={{ width: `${personalityBarPercent(score)}%` }} />
                    </div>
                    <p className="mt-1 text-sm text-muted">{d.text}</p>
                  </li>
                );
              })}
            </ul>
          </section>

          <section aria-labelledby="profile-motivations" className="space-y-2 border-t border-wine-100 pt-5">
            <h3 id="profile-motivations" className="text-lg font-semibold text-wine-900">
              What brings me here
            </h3>
            <ul className="flex flex-wrap gap-2">
              {answers.motivations.map((m) => (
                <li key={m} className="rounded-full bg-wine-50 px-3.5 py-1.5 text-[0.9375rem] font-semibold text-wine-900">
                  {m}
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="profile-looking-for" className="space-y-2 border-t border-wine-100 pt-5">
            <h3 id="profile-looking-for" className="text-lg font-semibold text-wine-900">
              What I'm looking for
            </h3>
            {answers.lookingFor ? (
              <p className="whitespace-pre-line break-words text-ink">{answers.lookingFor}</p>
            ) : (
              <p className="text-muted">Nothing written yet.</p>
            )}
          </section>

          <div className="flex flex-col gap-2 border-t border-wine-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
            {/* Who sees what (docs/decisions/0015: the raw answers go to the member only; the traits feed the scores). */}
            <p className="text-sm text-muted">
              Only you see these answers and what you wrote. The personality scores worked out from them feed the match scores that other guests of your
              evenings see in their match preview, and that hosts see when matching; your interests are shown to the other guests. Answered on{' '}
              {formatDate(answers.completedAt, 'plain')}.
            </p>
            <Button asChild variant="outline" size="sm">
              <Link to="/register">Update my answers</Link>
            </Button>
          </div>
        </div>
      )}
    </Card>
  );
}
