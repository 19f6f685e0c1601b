import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { MESSAGE_MAX_LENGTH, MESSAGE_TYPES, sendMessageBody } from '@shared/schemas/messages';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { TextAreaField } from '@client/components/ui/field';
import { ApiError, messageOf } from '@client/lib/api';
import { useSendMessage } from '../api/messages';
import { canSend, guests, TYPE_HINTS, TYPE_LABELS } from '../lib/messages';
import { TYPE_ICONS } from './type-badge';

/** The server's own schema, every field given (docs/spec/organiser-tools.md §5 "Custom message"). */
const customMessage = z.object({
  text: sendMessageBody.shape.text,
  type: z.enum(MESSAGE_TYPES),
  requiresAction: z.boolean(),
});
type CustomMessageInput = z.input<typeof customMessage>;

const DEFAULTS: CustomMessageInput = { text: '', type: 'general', requiresAction: false };

/** A message in the host's words: text up to 500 characters, a type, and whether guests must acknowledge it. */
export function CustomMessageForm({ eventId }: { eventId: number }) {
  const send = useSendMessage(eventId);
  const form = useForm({ resolver: zodResolver(customMessage), defaultValues: DEFAULTS });
  const { errors, isSubmitting } = form.formState;
  const text = form.watch('text');
  const [failure, setFailure] = useState<string | null>(null);
  const ackId = useId();

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const sent = await send.mutateAsync(values);
      toast.success(`Message sent to ${guests(sent.sentTo)}`, { description: sent.text });
      form.reset(DEFAULTS);
    } catch (err) {
      const field = err instanceof ApiError && err.status === 400 ? err.fieldErrors.text : undefined;
      if (field) form.setError('text', { type: 'server', message: field });
      else setFailure(messageOf(err, 'The message was not sent. Please try again.'));
    }
  });

  return (
    <Card>
      <CardTitle>Custom message</CardTitle>
      <form onSubmit={submit} noValidate aria-label="Custom message" className="mt-4 space-y-5">
        <TextAreaField
          label="Message"
          rows={4}
          maxLength={MESSAGE_MAX_LENGTH}
          placeholder="e.g. The bar is closing in 15 minutes: last orders now!"
          hint={
            <span className="flex justify-end tabular-nums">
              <span aria-hidden="true">
                {text.length}/{MESSAGE_MAX_LENGTH}
              </span>
              <span className="sr-only">
                {text.length} of {MESSAGE_MAX_LENGTH} characters
              </span>
            </span>
          }
          error={errors.text?.message}
          {...form.register('text', { onChange: () => setFailure(null) })}
        />

        <Controller
          control={form.control}
          name="type"
          render={({ field }) => (
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-wine-900">Type</legend>
              <div className="grid grid-cols-2 gap-2">
                {MESSAGE_TYPES.map((type) => {
                  const Icon = TYPE_ICONS[type];
                  const on = field.value === type;
                  return (
                    <label
                      key={type}
                      className={cn(
                        'flex min-h-14 cursor-pointer items-start gap-2 rounded-2xl border-2 px-3 py-2 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-apricot-500',
                        on ? 'border-wine-700 bg-wine-50' : 'border-wine-100 bg-white hover:border-wine-300',
                      )}
                    >
                      <input
                        type="radio"
                        name={field.name}
                        value={type}
                        checked={on}
                        onChange={() => field.onChange(type)}
                        onBlur={field.onBlur}
                        className="sr-only"
                      />
                      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', on ? 'text-wine-700' : 'text-muted')} />
                      <span>
                        <span className="block font-semibold text-wine-900">{TYPE_LABELS[type]}</span>
                        <span className="block text-xs text-muted">{TYPE_HINTS[type]}</span>
                      </span>
                    </label>
                  );
                })}
              </div>
            </fieldset>
          )}
        />

        <div className="flex min-h-11 items-start gap-3">
          <input id={ackId} type="checkbox" className="mt-0.5 size-6 shrink-0 accent-wine-700" {...form.register('requiresAction')} />
          <label htmlFor={ackId} className="text-base text-ink">
            <span className="font-semibold text-wine-900">Ask guests to acknowledge</span>
            <span className="block text-sm text-muted">It opens on their screen until they tap Acknowledged.</span>
          </label>
        </div>

        {failure && (
          <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 font-medium text-red-800">
            {failure}
          </p>
        )}

        <Button type="submit" size="lg" block disabled={!canSend(text) || isSubmitting}>
          <Send aria-hidden="true" className="size-5" />
          {isSubmitting ? 'Sending…' : 'Send'}
        </Button>
      </form>
    </Card>
  );
}
