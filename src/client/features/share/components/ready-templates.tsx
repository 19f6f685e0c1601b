import { Hash } from 'lucide-react';
import { useId } from 'react';
import { PLATFORM_NAMES, readyTemplates, type ShareEvening, type ShareTemplate } from '@shared/domain/share-templates';
import { Badge } from '@client/components/ui/badge';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { ShareButtons } from './share-buttons';

/** Ready Templates (docs/spec/organiser-tools.md §2.1): one post per platform, filled from the chosen evening. */
export function ReadyTemplates({ evening, origin }: { evening: ShareEvening; origin: string }) {
  const templates = readyTemplates(evening, origin);
  return (
    <ul className="grid gap-5 lg:grid-cols-2" aria-label="Ready templates">
      {templates.map((t) => (
        <li key={t.id}>
          <TemplateCard template={t} eventId={evening.id} />
        </li>
      ))}
    </ul>
  );
}

function TemplateCard({ template: t, eventId }: { template: ShareTemplate; eventId: number }) {
  const id = useId();
  const length = t.content.length;
  const over = t.characterLimit !== undefined && length > t.characterLimit;
  return (
    <Card className="flex h-full flex-col gap-4" role="group" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-wine-600 uppercase">{PLATFORM_NAMES[t.platform]}</p>
          <h2 id={`${id}-title`} className="text-xl font-semibold text-wine-900">
            {t.title}
          </h2>
        </div>
        {t.characterLimit !== undefined && (
          <p className={cn('rounded-full px-3 py-1 text-sm font-semibold tabular-nums', over ? 'bg-red-100 text-red-800' : 'bg-emerald-100 text-emerald-800')}>
            <span aria-hidden="true">
              {length}/{t.characterLimit}
            </span>
            <span className="sr-only">
              {length} of {t.characterLimit} characters
            </span>
          </p>
        )}
      </div>

      <p className="flex-1 rounded-2xl bg-cream p-4 text-base leading-relaxed break-words whitespace-pre-wrap text-ink" data-testid="template-content">
        {t.content}
      </p>

      <ul className="flex flex-wrap gap-2" aria-label="Features">
        {t.features.map((f) => (
          <li key={f}>
            <Badge tone="apricot">{f}</Badge>
          </li>
        ))}
      </ul>

      {t.hashtags.length > 0 && (
        <div>
          <h3 className="mb-1.5 flex items-center gap-1.5 text-sm font-semibold text-wine-900">
            <Hash aria-hidden="true" className="size-4" />
            Suggested hashtags
          </h3>
          <ul className="flex flex-wrap gap-2">
            {t.hashtags.map((h) => (
              <li key={h}>
                <Badge tone="wine">{h}</Badge>
              </li>
            ))}
          </ul>
        </div>
      )}

      <ShareButtons post={{ platform: t.platform, template: t.id, text: t.content, link: t.link, eventId }} />
    </Card>
  );
}
