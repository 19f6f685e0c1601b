import { Coffee } from 'lucide-react';
import { Spinner } from '@client/components/ui/spinner';
import { Panel } from './panel';

/** This round's tables. */
export function RotationPanel({
  round,
  rows,
  loading,
}: {
  round: number;
  rows: { table: number | null; a: { id: number; name: string }; b: { id: number; name: string } | null }[] | undefined;
  loading: boolean;
}) {
  const title = round > 0 ? `Round ${round} tables` : 'Tables';
  if (round === 0) {
    return (
      <Panel title={title}>
        <p className="text-muted">The rotation is planned from the checked-in guests when round 1 starts: nobody meets twice, byes are shared fairly.</p>
      </Panel>
    );
  }
  if (loading)
    return (
      <Panel title={title}>
        <Spinner />
      </Panel>
    );
  const pairs = (rows ?? []).filter((r) => r.b).sort((x, y) => (x.table ?? 0) - (y.table ?? 0));
  const byes = (rows ?? []).filter((r) => !r.b);
  return (
    <Panel title={title}>
      {pairs.length === 0 ? (
        <p className="text-muted">No pairs this round. Check guests in, then start the next round.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {pairs.map((p) => (
            <li key={`${p.a.id}-${p.b!.id}`} className="flex min-h-12 items-center gap-3 rounded-2xl bg-cream px-3 py-2 ring-1 ring-wine-100">
              <span className="inline-flex shrink-0 justify-center whitespace-nowrap rounded-xl bg-wine-700 px-2.5 py-1 text-sm font-bold text-white">
                Table {p.table}
              </span>
              <span className="font-medium text-ink">
                {p.a.name} &amp; {p.b!.name}
              </span>
            </li>
          ))}
        </ul>
      )}
      {byes.length > 0 && (
        <p className="mt-3 flex items-center gap-2 text-sm text-muted">
          <Coffee aria-hidden="true" className="size-4" />
          Sitting out: {byes.map((b) => b.a.name).join(', ')}
        </p>
      )}
    </Panel>
  );
}
