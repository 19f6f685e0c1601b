import { useSearchParams } from 'react-router';
import { safeNextPath } from '@shared/domain/safe-next';

/**
 * `?next=`: where a visitor goes once signed in or up (the evening's checkout, when they pressed
 * Book). Only a path on this site is followed (docs/decisions/0048); anything else reads as none.
 */
export function useNextParam(): string | null {
  const [params] = useSearchParams();
  return safeNextPath(params.get('next'));
}

/** `path` with `?next=` kept, when there is one. */
export const withNext = (path: string, next: string | null) => (next ? `${path}?next=${encodeURIComponent(next)}` : path);
