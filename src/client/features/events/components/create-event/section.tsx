import type { ReactNode } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { CreateEventFormInput, CreateEventFormValues } from '@shared/schemas/create-event-form';
import { Card } from '@client/components/ui/card';

export function Section({ title, step, children }: { title: string; step: number; children: ReactNode }) {
  const id = `create-event-section-${step}`;
  return (
    <Card role="group" aria-labelledby={id} className="space-y-5">
      <h2 id={id} className="flex items-center gap-3 text-xl font-semibold text-wine-900">
        <span aria-hidden="true" className="inline-flex size-8 items-center justify-center rounded-full bg-wine-700 font-sans text-sm font-bold text-white">
          {step}
        </span>
        {title}
      </h2>
      {children}
    </Card>
  );
}

/** The create-event form's react-hook-form instance, as its sections take it. */
export type CreateEventFormApi = UseFormReturn<CreateEventFormInput, unknown, CreateEventFormValues>;
