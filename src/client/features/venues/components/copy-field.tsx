import { Check, Copy } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@client/components/ui/button';

const COPIED_FOR_MS = 2000;

/** A read-only address with a Copy button that says 'Copied!' for 2 seconds. */
export function CopyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [copied, setCopied] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    } catch (err) {
      console.error('Clipboard copy failed', err);
      input.current?.select();
      toast.error('Copy failed', { description: 'The address is selected: copy it from your keyboard or menu.' });
    }
  };

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-wine-900">
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={id}
          readOnly
          value={value}
          aria-describedby={hintId}
          onFocus={(e) => e.currentTarget.select()}
          className="block min-h-12 w-full min-w-0 rounded-2xl border-2 border-wine-100 bg-cream px-4 py-3 font-mono text-sm text-ink focus:border-wine-500 focus:outline-none"
        />
        <Button
          variant={copied ? 'secondary' : 'primary'}
          className="shrink-0 sm:min-w-32"
          onClick={() => void copy()}
          aria-label={copied ? 'Copied!' : `Copy ${label}`}
        >
          {copied ? <Check aria-hidden="true" className="size-5" /> : <Copy aria-hidden="true" className="size-5" />}
          {copied ? 'Copied!' : 'Copy'}
        </Button>
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-muted">
          {hint}
        </p>
      )}
      <span role="status" className="sr-only">
        {copied ? `${label} copied to the clipboard` : ''}
      </span>
    </div>
  );
}
