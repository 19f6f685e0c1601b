import { Check } from 'lucide-react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { LOOKING_FOR_MAX, REGISTER_MOTIVATIONS } from '@shared/domain/personality';
import { MESSAGES } from '@shared/schemas/register';
import { TextAreaField } from '@client/components/ui/field';
import { cn } from '@client/components/ui/cn';
import type { RegisterDraft } from '../../lib/draft';
import { chip } from './chip';

export function MotivationsStep({
  chosen,
  onChange,
  lookingFor,
  lookingForField,
  lookingForError,
}: {
  chosen: RegisterDraft['motivations'];
  onChange: (next: RegisterDraft['motivations']) => void;
  lookingFor: string;
  lookingForField: UseFormRegisterReturn;
  lookingForError: string | undefined;
}) {
  const tooLong = lookingFor.trim().length > LOOKING_FOR_MAX;
  return (
    <div className="space-y-6">
      <fieldset>
        <legend className="mb-3 text-ink">Why would you like to come along? Choose as many as fit.</legend>
        <ul className="grid gap-2 sm:grid-cols-2">
          {REGISTER_MOTIVATIONS.map((m) => {
            const on = chosen.includes(m);
            return (
              <li key={m}>
                <label
                  className={cn(chip, 'w-full', on ? 'border-wine-700 bg-wine-700 text-white' : 'border-wine-100 bg-white text-wine-900 hover:border-wine-300')}
                >
                  <input type="checkbox" className="sr-only" checked={on} onChange={() => onChange(on ? chosen.filter((x) => x !== m) : [...chosen, m])} />
                  <Check aria-hidden="true" className={cn('size-4 shrink-0', on ? 'opacity-100' : 'opacity-0')} />
                  {m}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <TextAreaField
        label={
          <>
            What are you looking for? <span className="font-normal text-muted">(optional)</span>
          </>
        }
        rows={4}
        maxLength={LOOKING_FOR_MAX + 50}
        placeholder="A walking buddy, a pub quiz team, people to try new restaurants with…"
        hint={`${lookingFor.trim().length}/${LOOKING_FOR_MAX}`}
        error={tooLong ? MESSAGES.lookingFor : lookingForError}
        {...lookingForField}
      />
    </div>
  );
}
