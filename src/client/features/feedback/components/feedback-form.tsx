import { KeptWrites } from '@client/components/ui/kept-writes';
import { zodResolver } from '@hookform/resolvers/zod';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { COMMENTS_MAX, FAVORITE_ASPECT_MAX, FEEDBACK_ASPECTS, IMPROVEMENT_OPTIONS } from '@shared/domain/feedback';
import { feedbackFormBody, type FeedbackFormBody, type FeedbackResponse } from '@shared/schemas/feedback';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { TextAreaField, TextField } from '@client/components/ui/field';
import { ApiError, messageOf } from '@client/lib/api';
import { useSaveFeedback } from '../api/feedback';
import { StarRating } from './star-rating';

const EMPTY: FeedbackFormBody = {
  overallRating: 0,
  venueRating: 0,
  organizationRating: 0,
  matchQualityRating: 0,
  timingRating: 0,
  wouldRecommend: true,
  improvements: [],
  favoriteAspect: '',
  additionalComments: '',
};

const fromResponse = (r: FeedbackResponse): FeedbackFormBody => ({
  overallRating: r.overallRating,
  venueRating: r.venueRating,
  organizationRating: r.organizationRating,
  matchQualityRating: r.matchQualityRating,
  timingRating: r.timingRating,
  wouldRecommend: r.wouldRecommend,
  improvements: [...r.improvements],
  favoriteAspect: r.favoriteAspect ?? '',
  additionalComments: r.additionalComments ?? '',
});

/**
 * The feedback form (docs/spec/organiser-tools.md §3 "Feedback (form)", §4, §5): the overall rating
 * is required and Submit stays disabled until it is above 0; the four aspects are optional stars
 * (0 = not rated); would recommend defaults to yes; improvements from the ten options; a favourite
 * aspect and comments, both optional. A returning guest edits their own response.
 */
export function FeedbackForm({
  eventId,
  userId,
  existing,
  onSaved,
}: {
  eventId: number;
  userId: number;
  existing: FeedbackResponse | null;
  onSaved: (r: FeedbackResponse) => void;
}) {
  const save = useSaveFeedback(eventId, userId);
  const form = useForm({ resolver: zodResolver(feedbackFormBody), defaultValues: existing ? fromResponse(existing) : EMPTY });
  const { errors, isSubmitting } = form.formState;
  const overall = form.watch('overallRating') ?? 0;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync(values);
      // No connection: kept on the phone and sent on return; the form stays, with what the phone keeps above it.
      if (!saved.kept) onSaved(saved.data.response);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        const known = Object.entries(err.fieldErrors).filter(([path]) => path in EMPTY);
        for (const [path, message] of known) form.setError(path as keyof FeedbackFormBody, { type: 'server', message });
        if (known.length > 0) return;
      }
      setFailure(messageOf(err, 'Your feedback was not sent. Please try again.'));
    }
  });

  return (
    <Card>
      <CardTitle>{existing ? 'Change your feedback' : 'Tell us about the evening'}</CardTitle>
      <p className="mt-1 text-muted">Only the overall rating is needed; everything else helps the host make the next evening better.</p>
      <KeptWrites userId={userId} eventId={eventId} className="mt-4" />
      <form onSubmit={submit} noValidate aria-label="Event feedback" className="mt-5 space-y-6">
        <Controller
          control={form.control}
          name="overallRating"
          render={({ field }) => (
            <StarRating label="Overall rating" required value={field.value ?? 0} onChange={field.onChange} error={errors.overallRating?.message} />
          )}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          {FEEDBACK_ASPECTS.map((a) => (
            <Controller
              key={a.key}
              control={form.control}
              name={a.key}
              render={({ field }) => <StarRating label={a.label} optional value={field.value ?? 0} onChange={field.onChange} error={errors[a.key]?.message} />}
            />
          ))}
        </div>

        <Controller
          control={form.control}
          name="wouldRecommend"
          render={({ field }) => (
            <fieldset>
              <legend className="text-sm font-semibold text-wine-900">Would you recommend this evening to a friend?</legend>
              <div className="mt-2 flex gap-3">
                {[
                  { v: true, label: 'Yes' },
                  { v: false, label: 'No' },
                ].map((o) => (
                  <label
                    key={o.label}
                    className="flex min-h-12 min-w-24 cursor-pointer items-center justify-center gap-2 rounded-2xl border-2 border-wine-100 px-4 font-semibold text-wine-800 has-[:checked]:border-wine-700 has-[:checked]:bg-wine-50 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-wine-300"
                  >
                    <input
                      type="radio"
                      name="wouldRecommend"
                      className="size-5 accent-wine-700"
                      checked={field.value === o.v}
                      onChange={() => field.onChange(o.v)}
                    />
                    {o.label}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        />

        <fieldset aria-describedby="improvements-hint">
          <legend className="text-sm font-semibold text-wine-900">What could be better? (Optional)</legend>
          <p id="improvements-hint" className="text-sm text-muted">
            Pick any that apply.
          </p>
          <div className="mt-2 grid gap-2 sm:grid-cols-2">
            {IMPROVEMENT_OPTIONS.map((o) => (
              <label
                key={o.key}
                className="flex min-h-12 cursor-pointer items-center gap-3 rounded-2xl border-2 border-wine-100 px-4 py-2 text-ink has-[:checked]:border-wine-700 has-[:checked]:bg-wine-50 has-[:focus-visible]:ring-4 has-[:focus-visible]:ring-wine-300"
              >
                <input type="checkbox" value={o.key} className="size-5 shrink-0 accent-wine-700" {...form.register('improvements')} />
                {o.label}
              </label>
            ))}
          </div>
          {errors.improvements && (
            <p role="alert" className="mt-1 text-sm font-medium text-red-700">
              {errors.improvements.message ?? 'Please pick from the list'}
            </p>
          )}
        </fieldset>

        <TextField
          label="What did you enjoy most? (Optional)"
          maxLength={FAVORITE_ASPECT_MAX}
          placeholder="e.g. the conversations, the venue, meeting someone new"
          error={errors.favoriteAspect?.message}
          {...form.register('favoriteAspect')}
        />
        <TextAreaField
          label="Additional comments (Optional)"
          rows={4}
          maxLength={COMMENTS_MAX}
          hint="Shared with the host without your name."
          error={errors.additionalComments?.message}
          {...form.register('additionalComments')}
        />

        {failure && (
          <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 font-medium text-red-800">
            {failure}
          </p>
        )}
        <Button type="submit" size="lg" block disabled={overall <= 0 || isSubmitting} aria-describedby={overall <= 0 ? 'feedback-submit-note' : undefined}>
          <Send aria-hidden="true" className="size-5" />
          {isSubmitting ? 'Sending…' : existing ? 'Update Feedback' : 'Submit Feedback'}
        </Button>
        {overall <= 0 && (
          <p id="feedback-submit-note" className="text-center text-sm text-muted">
            Choose an overall rating to send your feedback.
          </p>
        )}
      </form>
    </Card>
  );
}
