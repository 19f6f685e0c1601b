import { Lightbulb, MessageCircle } from 'lucide-react';
import type { PreviewResponse } from '@shared/schemas/match-preview';
import { Card, CardTitle } from '@client/components/ui/card';

/** Insights: conversation starters (from the interests you share with the guests) and tips. */
export function InsightsTab({ data }: { data: PreviewResponse }) {
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <Card>
        <CardTitle as="h3" className="flex items-center gap-2">
          <MessageCircle aria-hidden="true" className="size-5 text-wine-700" />
          Conversation starters
        </CardTitle>
        {data.sharedInterestTotals.length > 0 && (
          <p className="mt-1 text-sm text-muted">
            Built from what you share with the guests:{' '}
            {data.sharedInterestTotals
              .slice(0, 3)
              .map((t) => t.interest)
              .join(', ')}
            .
          </p>
        )}
        <ol className="mt-4 list-decimal space-y-3 pl-5 text-ink marker:font-semibold marker:text-wine-700">
          {data.conversationStarters.map((q) => (
            <li key={q}>{q}</li>
          ))}
        </ol>
      </Card>
      <Card>
        <CardTitle as="h3" className="flex items-center gap-2">
          <Lightbulb aria-hidden="true" className="size-5 text-wine-700" />
          Tips for the evening
        </CardTitle>
        <ul className="mt-4 list-disc space-y-3 pl-5 text-ink">
          {data.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
