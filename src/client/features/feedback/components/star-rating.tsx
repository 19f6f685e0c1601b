import { Star } from 'lucide-react';
import { useId } from 'react';
import { STAR_MAX } from '@shared/domain/feedback';
import { cn } from '@client/components/ui/cn';

/**
 * 1-5 stars as a radio group (docs/spec/organiser-tools.md §9: star ratings 1-5; §3: 0 means
 * unrated): native radios, so arrow keys move between stars and a screen reader hears "3 stars,
 * 3 of 5". Optional ratings add a "Not rated" choice (0).
 */
export function StarRating({
  label,
  value,
  onChange,
  optional,
  required,
  error,
  hint,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  optional?: boolean;
  required?: boolean;
  error?: string | undefined;
  hint?: string;
}) {
  const name = useId();
  const errorId = `${name}-error`;
  const hintId = `${name}-hint`;
  const choices = [...(optional ? [0] : []), ...Array.from({ length: STAR_MAX }, (_, i) => i + 1)];
  return (
    <fieldset aria-describedby={[hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-semibold text-wine-900">
        {label}
        {required && <span className="text-red-700"> (required)</span>}
      </legend>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <div className="mt-1 flex flex-wrap items-center gap-1">
        {choices.map((n) => (
          <label
            key={n}
            className={cn(
              'flex min-h-11 cursor-pointer items-center justify-center rounded-xl has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-wine-300',
              n === 0
                ? 'mr-1 border-2 border-wine-100 px-3 text-sm font-semibold text-wine-800 has-[:checked]:border-wine-700 has-[:checked]:bg-wine-50'
                : 'min-w-11',
            )}
          >
            <input type="radio" className="sr-only" name={name} value={n} checked={value === n} onChange={() => onChange(n)} />
            {n === 0 ? (
              'Not rated'
            ) : (
              <>
                <Star aria-hidden="true" className={cn('size-8', n <= value ? 'fill-apricot-500 text-apricot-500' : 'text-wine-200')} />
                <span className="sr-only">
                  {n} {n === 1 ? 'star' : 'stars'}
                </span>
              </>
            )}
          </label>
        ))}
        <span aria-hidden="true" className="ml-2 text-sm text-muted">
          {value > 0 ? `${value} of ${STAR_MAX}` : optional ? '' : 'Tap a star'}
        </span>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
