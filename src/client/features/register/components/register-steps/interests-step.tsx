import { Check } from 'lucide-react';
import { REGISTER_INTERESTS, REGISTER_INTERESTS_MAX, REGISTER_INTERESTS_MIN } from '@shared/domain/personality';
import { cn } from '@client/components/ui/cn';
import type { RegisterDraft } from '../../lib/draft';
import { chip } from './chip';

export function InterestsStep({ chosen, onChange }: { chosen: RegisterDraft['interests']; onChange: (next: RegisterDraft['interests']) => void }) {
  const full = chosen.length >= REGISTER_INTERESTS_MAX;
  return (
    <fieldset>
      <legend className="mb-3 text-ink">
        Pick {REGISTER_INTERESTS_MIN} to {REGISTER_INTERESTS_MAX} things you love. We use them to suggest people to chat with.
      </legend>
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {REGISTER_INTERESTS.map((interest) => {
          const on = chosen.includes(interest);
          const disabled = !on && full;
          return (
            <li key={interest}>
              <label
                className={cn(
                  chip,
                  on ? 'border-wine-700 bg-wine-700 text-white' : 'border-wine-100 bg-white text-wine-900 hover:border-wine-300',
                  disabled && 'cursor-not-allowed opacity-50 hover:border-wine-100',
                )}
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={on}
                  disabled={disabled}
                  onChange={() => onChange(on ? chosen.filter((i) => i !== interest) : [...chosen, interest])}
                />
                <Check aria-hidden="true" className={cn('size-4 shrink-0', on ? 'opacity-100' : 'opacity-0')} />
                {interest}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
