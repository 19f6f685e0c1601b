import { PERSONALITY_QUESTIONS, PERSONALITY_SCALE, PERSONALITY_TEXT, personalityDescription, type PersonalityQuestion } from '@shared/domain/personality';
import { cn } from '@client/components/ui/cn';
import type { RegisterDraft } from '../../lib/draft';

export function PersonalityStep({ answers, onAnswer }: { answers: RegisterDraft['personality']; onAnswer: (q: PersonalityQuestion, v: number) => void }) {
  const scale = Array.from({ length: PERSONALITY_SCALE.max - PERSONALITY_SCALE.min + 1 }, (_, i) => PERSONALITY_SCALE.min + i);
  return (
    <div className="space-y-6">
      <p className="text-ink">How much is each one like you? 1 is not like me at all, 5 is very like me.</p>
      {PERSONALITY_QUESTIONS.map((q) => {
        const value = answers[q];
        const described = value === undefined ? null : personalityDescription(q, value);
        return (
          <fieldset key={q} className="space-y-2 border-t border-wine-100 pt-4 first-of-type:border-t-0 first-of-type:pt-0">
            <legend className="float-left w-full">
              <span className="block text-lg font-semibold text-wine-900">{PERSONALITY_TEXT[q].trait}</span>
              <span className="block text-ink">{PERSONALITY_TEXT[q].question}</span>
            </legend>
            <div className="clear-both grid grid-cols-5 gap-2 pt-1">
              {scale.map((v) => (
                <label
                  key={v}
                  className={cn(
                    'flex min-h-12 cursor-pointer flex-col items-center justify-center rounded-2xl border-2 text-lg font-bold transition-colors has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-wine-300',
                    value === v ? 'border-wine-700 bg-wine-700 text-white' : 'border-wine-100 bg-white text-wine-900 hover:border-wine-300',
                  )}
                >
                  <input type="radio" className="sr-only" name={`personality-${q}`} value={v} checked={value === v} onChange={() => onAnswer(q, v)} />
                  {v}
                  <span className="sr-only">{v === 1 ? ' (not like me at all)' : v === 5 ? ' (very like me)' : ''}</span>
                </label>
              ))}
            </div>
            <div aria-hidden="true" className="flex justify-between text-xs text-muted">
              <span>Not like me</span>
              <span>Very like me</span>
            </div>
            {described && (
              <p className="text-sm text-wine-800">
                <span className="font-semibold">{described.band}:</span> {described.text}
              </p>
            )}
          </fieldset>
        );
      })}
    </div>
  );
}
