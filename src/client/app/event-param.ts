import { useSearchParams } from 'react-router';

/** The page's `?event=ID` when it is a positive whole number, else null. */
export function useEventParam(): number | null {
  const [params] = useSearchParams();
  const v = params.get('event');
  return v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null;
}
