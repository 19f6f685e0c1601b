import { Download, ImageOff, Link2, Sparkles } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { useFlyerPng } from '../hooks/use-flyer-png';
import { SUGGESTED_USES } from '../lib/content';
import { saveFile } from '../lib/draw';
import { flyerAlt, pngSize, type FlyerContent, type FlyerSpec } from '../lib/flyers';

/**
 * One flyer: its preview (the PNG itself), Download and Copy Link, and where to use it
 * (docs/spec/organiser-tools.md §2.5).
 */
export function FlyerCard({ spec, content, onCopyLink, className }: { spec: FlyerSpec; content: FlyerContent; onCopyLink: () => void; className?: string }) {
  const headingId = useId();
  const png = useFlyerPng(spec, content);
  const px = pngSize(spec);

  const download = () => {
    if (png.status !== 'ready') return;
    saveFile(png.url, spec.fileName);
    toast.success(`${spec.fileName} downloaded`, { description: `Your ${spec.name} (${px.width} × ${px.height} PNG) is in your downloads, ready to share.` });
  };

  return (
    <Card role="region" aria-labelledby={headingId} className={cn('flex flex-col gap-5', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id={headingId} className="text-xl font-semibold text-wine-900">
            {spec.name}
          </h2>
          <p className="text-sm text-muted">{spec.description}</p>
        </div>
        <Badge tone="apricot">
          {spec.width} × {spec.height}
        </Badge>
      </div>

      <figure className="space-y-2">
        <div className="mx-auto w-full" style={{ maxWidth: spec.width }}>
          {png.status === 'ready' ? (
            <img
              src={png.url}
              alt={flyerAlt(spec, content)}
              width={spec.width}
              height={spec.height}
              className="block h-auto w-full rounded-2xl shadow-md ring-1 ring-wine-100"
            />
          ) : png.status === 'drawing' ? (
            <div
              role="status"
              className="flex w-full items-center justify-center rounded-2xl bg-wine-50 text-muted ring-1 ring-wine-100"
              style={{ aspectRatio: `${spec.width} / ${spec.height}` }}
            >
              <span aria-hidden="true" className="mr-3 size-6 animate-spin rounded-full border-4 border-wine-200 border-t-wine-700" />
              Drawing the {spec.name}…
            </div>
          ) : (
            <div
              role="alert"
              className="flex w-full flex-col items-center justify-center gap-2 rounded-2xl bg-wine-50 p-4 text-center text-wine-900 ring-1 ring-wine-100"
              style={{ aspectRatio: `${spec.width} / ${spec.height}` }}
            >
              <ImageOff aria-hidden="true" className="size-7" />
              <span className="font-semibold">The {spec.name} could not be drawn</span>
              <span className="text-sm text-muted">{png.message}</span>
            </div>
          )}
        </div>
        <figcaption className="text-center text-sm text-muted">
          Downloads as {spec.fileName}, {px.width} × {px.height} pixels
        </figcaption>
      </figure>

      <div className="grid gap-3 sm:grid-cols-2">
        <Button onClick={download} disabled={png.status !== 'ready'}>
          <Download aria-hidden="true" className="size-5" />
          Download<span className="sr-only"> {spec.name}</span>
        </Button>
        <Button variant="outline" onClick={onCopyLink}>
          <Link2 aria-hidden="true" className="size-5" />
          Copy Link<span className="sr-only"> for {spec.name}</span>
        </Button>
      </div>

      <div>
        <h3 className="flex items-center gap-2 font-sans text-base font-semibold text-wine-900">
          <Sparkles aria-hidden="true" className="size-4 text-apricot-500" />
          Suggested uses
        </h3>
        <ul className="mt-2 space-y-1.5 text-ink">
          {SUGGESTED_USES[spec.kind].map((use) => (
            <li key={use} className="flex gap-2">
              <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-wine-500" />
              <span>{use}</span>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}
