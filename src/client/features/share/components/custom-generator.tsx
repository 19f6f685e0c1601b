import { Sparkles } from 'lucide-react';
import { useState } from 'react';
import { customPost, PROMO_BLURB, type ShareEvening } from '@shared/domain/share-templates';
import { Card, CardTitle } from '@client/components/ui/card';
import { TextAreaField } from '@client/components/ui/field';
import { ShareButtons } from './share-buttons';

export const MESSAGE_MAX = 500;

/** Custom Generator (docs/spec/organiser-tools.md §2.1): a personal message and the generated post, with a real booking link. */
export function CustomGenerator({ evening, origin }: { evening: ShareEvening; origin: string }) {
  const [message, setMessage] = useState('');
  const post = customPost(evening, origin, message);
  const f = post.fields;
  const rows: [string, string][] = [
    ['Venue', f.venue],
    ['Location', f.location],
    ['Date', f.date],
    ['Time', f.time],
    ['Price', `${f.price} per person`],
    ['Capacity', f.capacity],
  ];
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <Card className="space-y-4">
        <CardTitle>Your message</CardTitle>
        <TextAreaField
          label="Personal message"
          hint="Optional: a line in your own words goes first, above the evening's details."
          placeholder="I'm going to this and would love some company!"
          value={message}
          maxLength={MESSAGE_MAX}
          rows={4}
          onChange={(e) => setMessage(e.target.value)}
        />
      </Card>

      <Card className="space-y-4" role="group" aria-labelledby="generated-post-title">
        <CardTitle id="generated-post-title" className="flex items-center gap-2">
          <Sparkles aria-hidden="true" className="size-5 text-apricot-700" />
          Generated post
        </CardTitle>
        <div className="space-y-3 rounded-2xl bg-cream p-4" data-testid="custom-preview">
          {message.trim() && <p className="break-words whitespace-pre-wrap text-ink">{message.trim()}</p>}
          <p className="font-display text-xl font-bold text-wine-900">{f.title}</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-base">
            {rows.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-semibold text-wine-900">{k}</dt>
                <dd className="text-ink">{v}</dd>
              </div>
            ))}
          </dl>
          <p className="text-ink">{PROMO_BLURB}</p>
          <p className="text-ink">
            <span className="font-semibold text-wine-900">Book your place: </span>
            <a href={post.link} className="break-all text-wine-700 underline underline-offset-2 hover:text-wine-900">
              {post.link}
            </a>
          </p>
        </div>
        <ShareButtons
          post={{ platform: 'facebook', template: 'custom', text: post.text, link: post.link, eventId: evening.id }}
          copyLabel="Copy Text"
          shareLabel="Share to Facebook"
        />
      </Card>
    </div>
  );
}
