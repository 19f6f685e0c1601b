export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-muted">
      <span aria-hidden="true" className="size-6 animate-spin rounded-full border-4 border-wine-200 border-t-wine-700" />
      <span>{label}…</span>
    </div>
  );
}
