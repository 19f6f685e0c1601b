import { Plus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { INTEREST_MAX_LENGTH, INTERESTS_MAX_COUNT } from '@shared/domain/constants';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/components/ui/cn';

interface Props {
  value: string[];
  onChange: (next: string[]) => void;
  error?: string | undefined;
  disabled?: boolean;
}

type Notice = { text: string; tone: 'info' | 'warn' } | null;

/**
 * Interests as removable tags with an input. An interest is added only when it is non-empty
 * after trimming and not already present (case-insensitive); Enter adds it without submitting
 * the surrounding form.
 */
export function InterestsInput({ value, onChange, error, disabled }: Props) {
  const id = useId();
  const inputId = `${id}-input`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [draft, setDraft] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** After a removal, where focus goes: a tag's remove button by index, or the input (-1). */
  const [focusAfterRemove, setFocusAfterRemove] = useState<number | null>(null);
  const full = value.length >= INTERESTS_MAX_COUNT;

  useEffect(() => {
    if (focusAfterRemove === null) return;
    const buttons = listRef.current?.querySelectorAll<HTMLButtonElement>('button');
    const target = focusAfterRemove >= 0 ? buttons?.[focusAfterRemove] : undefined;
    (target ?? inputRef.current)?.focus();
    setFocusAfterRemove(null);
  }, [focusAfterRemove, value]);

  function add() {
    const interest = draft.trim().replace(/\s+/g, ' ');
    if (!interest) {
      setDraft('');
      return;
    }
    if (value.some((v) => v.toLocaleLowerCase('en-GB') === interest.toLocaleLowerCase('en-GB'))) {
      setNotice({ text: `“${interest}” is already in your interests.`, tone: 'warn' });
      return;
    }
    if (/[<>]/.test(interest)) {
      setNotice({ text: 'Interests cannot contain < or >.', tone: 'warn' });
      return;
    }
    if (full) {
      setNotice({ text: `You can add up to ${INTERESTS_MAX_COUNT} interests.`, tone: 'warn' });
      return;
    }
    onChange([...value, interest]);
    setDraft('');
    setNotice({ text: `Added ${interest}.`, tone: 'info' });
  }

  function remove(index: number) {
    const interest = value[index];
    if (interest === undefined) return;
    const next = value.filter((_, i) => i !== index);
    onChange(next);
    setNotice({ text: `Removed ${interest}.`, tone: 'info' });
    setFocusAfterRemove(next.length === 0 ? -1 : Math.min(index, next.length - 1));
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter' && !e.nativeEvent.isComposing) {
      e.preventDefault();
      add();
    }
  }

  return (
    <fieldset className="space-y-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 block text-sm font-semibold text-wine-900">Interests</legend>

      {value.length > 0 ? (
        <ul ref={listRef} className="flex flex-wrap gap-2">
          {value.map((interest, i) => (
            <li key={interest} className="inline-flex min-h-11 items-center rounded-full bg-apricot-100 pl-4 text-[0.9375rem] font-semibold text-wine-900">
              <span className="break-all">{interest}</span>
              <button
                type="button"
                onClick={() => remove(i)}
                disabled={disabled}
                aria-label={`Remove ${interest}`}
                className="group ml-0.5 inline-flex size-11 shrink-0 items-center justify-center rounded-full"
              >
                <span className="inline-flex size-7 items-center justify-center rounded-full text-wine-700 transition-colors group-hover:bg-apricot-200 group-hover:text-wine-900">
                  <X aria-hidden="true" className="size-4" strokeWidth={2.5} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">No interests yet.</p>
      )}

      <div className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Add an interest
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            if (notice?.tone === 'warn') setNotice(null);
          }}
          onKeyDown={onKeyDown}
          maxLength={INTEREST_MAX_LENGTH}
          disabled={disabled}
          enterKeyHint="done"
          autoComplete="off"
          placeholder="e.g. Board games"
          aria-describedby={[hintId, error ? errorId : ''].filter(Boolean).join(' ')}
          aria-invalid={error ? true : undefined}
          className="block min-h-12 w-full min-w-0 flex-1 rounded-2xl border-2 border-wine-100 bg-white px-4 py-3 text-base text-ink placeholder:text-muted/70 focus:border-wine-500 focus:outline-none aria-[invalid=true]:border-red-600"
        />
        <Button variant="secondary" onClick={add} disabled={disabled} className="shrink-0">
          <Plus aria-hidden="true" className="size-5" />
          Add
        </Button>
      </div>
      <p id={hintId} className="text-sm text-muted">
        Type one interest and press Enter or Add. Up to {INTERESTS_MAX_COUNT}.
      </p>
      <p aria-live="polite" className={cn(notice?.tone === 'warn' ? 'text-sm font-medium text-apricot-700' : 'sr-only')}>
        {notice?.text}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
