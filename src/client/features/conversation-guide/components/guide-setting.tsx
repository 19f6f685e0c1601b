import { MessagesSquare } from 'lucide-react';
import { useState } from 'react';
import type { GuideSetting as Setting } from '@shared/domain/conversation-guide';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { messageOf } from '@client/lib/api';
import { useGuideSetting, useSetGuide } from '../api/conversation-guide';

const CHOICES: { value: Setting; label: string; hint: string }[] = [
  { value: 'light', label: 'Light', hint: 'Easy-going questions all evening.' },
  { value: 'deeper', label: 'Deeper', hint: 'More personal questions in the later rounds.' },
  { value: 'off', label: 'Off', hint: 'No questions on guests’ phones.' },
];

/**
 * The host's choice for the evening's conversation guide (docs/decisions/0081): light, deeper or off.
 * Applied at once on every guest's phone; a new depth from the next question on.
 */
export function GuideSetting({ eventId }: { eventId: number }) {
  const setting = useGuideSetting(eventId);
  const save = useSetGuide(eventId);
  // The host's choice shows at once; a refusal puts back what is stored.
  const [chosen, setChosen] = useState<Setting | null>(null);
  const current = chosen ?? setting.data;
  const choose = (value: Setting) => {
    setChosen(value);
    save.mutate(value, { onError: () => setChosen(null) });
  };
  return (
    <Card>
      <fieldset>
        <legend className="flex items-center gap-2 text-xl font-semibold text-wine-900">
          <MessagesSquare aria-hidden="true" className="size-5 text-wine-700" />
          Conversation guide
        </legend>
        <p className="mt-1 text-sm text-muted">A question for each pair under their partner&apos;s name, about what they share when they share something.</p>
        <div className="mt-3 grid gap-2 sm:grid-cols-3 lg:grid-cols-1">
          {CHOICES.map((c) => (
            <label
              key={c.value}
              className={cn(
                'flex min-h-12 cursor-pointer flex-col justify-center rounded-2xl border-2 px-4 py-2 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-wine-700',
                current === c.value ? 'border-wine-700 bg-wine-50' : 'border-wine-100 bg-white hover:border-wine-300',
              )}
            >
              <span className="flex items-center gap-2 font-semibold text-wine-900">
                <input
                  type="radio"
                  name={`guide-${eventId}`}
                  value={c.value}
                  checked={current === c.value}
                  disabled={setting.isPending}
                  onChange={() => choose(c.value)}
                  className="size-4 accent-wine-700"
                />
                {c.label}
              </span>
              <span className="text-sm text-muted">{c.hint}</span>
            </label>
          ))}
        </div>
        {save.isError && (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {messageOf(save.error, "We couldn't change the guide. Please try again.")}
          </p>
        )}
      </fieldset>
    </Card>
  );
}
