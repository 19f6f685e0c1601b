import { useStillComingCounts } from '../api/still-coming';

/**
 * The host's "Still coming?" counts for one evening (the server answers its hosts and admins only):
 * a row of three figures on /check-in, one line in a /dashboard row (`compact`, inside a link).
 */
export function StillComingCounts({ eventId, compact }: { eventId: number; compact?: boolean }) {
  const counts = useStillComingCounts(eventId);
  if (!counts.data) return null;
  const { confirmed, notAnswered, released } = counts.data;
  if (compact) {
    return (
      <span className="block text-sm text-muted">
        Still coming? {confirmed} confirmed · {notAnswered} not answered · {released} released
      </span>
    );
  }
  const figures = [
    { label: 'Confirmed', value: confirmed },
    { label: 'Not answered', value: notAnswered },
    { label: 'Released', value: released },
  ];
  return (
    <section aria-label="Still coming?" className="rounded-3xl border border-wine-100 bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold text-wine-900">Still coming?</h2>
      <dl className="mt-2 grid grid-cols-3 gap-2 text-center">
        {figures.map((f) => (
          <div key={f.label} className="rounded-2xl bg-apricot-100 px-2 py-3">
            <dt className="text-sm font-semibold text-wine-900">{f.label}</dt>
            <dd className="text-3xl font-bold tabular-nums text-wine-900">{f.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
