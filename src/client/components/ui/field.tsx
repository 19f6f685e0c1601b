import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';

const control =
  'block w-full rounded-2xl border-2 border-wine-100 bg-white px-4 py-3 text-base text-ink placeholder:text-muted/70 focus:border-wine-500 focus:outline-none aria-[invalid=true]:border-red-600';

interface FieldProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
}

/** Label, control, hint and error wired together for screen readers. */
function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: FieldProps & {
  id: string;
  className?: string | undefined;
  children: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('space-y-1.5', className)}>
      <label htmlFor={id} className="block text-sm font-semibold text-wine-900">
        {label}
      </label>
      {children({ id, ...(error ? { 'aria-invalid': true as const } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export const TextField = forwardRef<HTMLInputElement, FieldProps & InputHTMLAttributes<HTMLInputElement>>(function TextField(
  { label, error, hint, id, className, ...props },
  ref,
) {
  const auto = useId();
  return (
    <Field id={id ?? auto} label={label} error={error} hint={hint} className={className}>
      {(a11y) => <input ref={ref} className={control} {...a11y} {...props} />}
    </Field>
  );
});

export const TextAreaField = forwardRef<HTMLTextAreaElement, FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>>(function TextAreaField(
  { label, error, hint, id, className, ...props },
  ref,
) {
  const auto = useId();
  return (
    <Field id={id ?? auto} label={label} error={error} hint={hint} className={className}>
      {(a11y) => <textarea ref={ref} rows={3} className={control} {...a11y} {...props} />}
    </Field>
  );
});
