import { zodResolver } from '@hookform/resolvers/zod';
import { CheckCircle2, Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { BARRIER_DESCRIPTION_MAX, barrierReportBody, type BarrierReportBody } from '@shared/schemas/accessibility';
import { Button } from '@client/components/ui/button';
import { TextAreaField, TextField } from '@client/components/ui/field';
import { messageOf } from '@client/lib/api';
import { useReportBarrier } from '../api/barrier-reports';

const EMPTY: BarrierReportBody = { page: '', description: '', replyTo: '' };

/** Tell the admins about a barrier: anyone, signed in or not (docs/decisions/0078). */
export function BarrierReportForm() {
  const send = useReportBarrier();
  const form = useForm({ resolver: zodResolver(barrierReportBody), defaultValues: EMPTY });
  const { errors } = form.formState;

  if (send.isSuccess) {
    return (
      <div role="status" className="flex items-start gap-3 rounded-2xl bg-emerald-50 p-4 text-emerald-900">
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
        <div className="space-y-3">
          <p>{send.data.message}</p>
          <Button
            variant="secondary"
            onClick={() => {
              send.reset();
              form.reset(EMPTY);
            }}
          >
            Report another barrier
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form noValidate className="space-y-4" onSubmit={form.handleSubmit((body) => send.mutate(body))} aria-label="Report a barrier">
      <TextField
        label="Which page or screen? (optional)"
        autoComplete="off"
        placeholder="For example: the round timer"
        error={errors.page?.message}
        {...form.register('page')}
      />
      <TextAreaField
        label="What got in your way?"
        rows={5}
        hint={`What you were trying to do and what happened. Up to ${BARRIER_DESCRIPTION_MAX} characters.`}
        error={errors.description?.message}
        {...form.register('description')}
      />
      <TextField
        label="Your e-mail, if you'd like an answer (optional)"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.replyTo?.message}
        {...form.register('replyTo')}
      />
      {send.isError && (
        <p role="alert" className="font-medium text-red-700">
          {messageOf(send.error, 'We could not send your report. Please try again, or e-mail us.')}
        </p>
      )}
      <Button type="submit" size="lg" disabled={send.isPending}>
        <Send aria-hidden="true" className="size-5" />
        {send.isPending ? 'Sending…' : 'Send to our admins'}
      </Button>
    </form>
  );
}
