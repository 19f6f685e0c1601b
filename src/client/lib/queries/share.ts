import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../api';

/** GET /api/share/links: the site's public address (PUBLIC_URL), which every link we hand out starts with. */
export const shareLinksQuery = queryOptions({
  queryKey: ['share-links'] as const,
  queryFn: () => get('/api/share/links', () => import('@shared/schemas/share').then((m) => m.shareLinks)),
  staleTime: Infinity,
});

/**
 * The public address for links, flyers and QR codes (docs/decisions/0047); null until it is known.
 * If the server cannot say, this page's own origin (the address the visitor is on) stands in.
 */
export function usePublicUrl(): string | null {
  const q = useQuery(shareLinksQuery);
  if (q.data) return q.data.publicUrl;
  return q.isError ? window.location.origin : null;
}
