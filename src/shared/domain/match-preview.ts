/**
 * Match preview (docs/spec/organiser-tools.md §2.25, §9): before an evening, how compatible the
 * viewer is with the other guests, on the shared matching code's demo weights. Missed connections
 * (§2.26) use the same ranking to tell "people from the preview" from "new discoveries".
 */
import { demoCompatibility, sharedInterests, type Person } from './matching';

/** High compatibility counts scores of 75 or more. */
export const HIGH_MATCH_MIN = 75;
/** How many compatible profiles the preview shows (the best first). */
export const PREVIEW_SIZE = 6;

export interface RankedProfile<P extends Person> {
  person: P;
  compatibilityScore: number;
  sharedInterests: string[];
  connectionPotential: 'high' | 'good';
}

/** Every other guest, best match first (ties: more shared interests, then the lower id, so the order is stable). */
export function rankForPreview<P extends Person>(viewer: Person, others: readonly P[]): RankedProfile<P>[] {
  return others
    .filter((p) => p.id !== viewer.id)
    .map((person) => {
      const compatibilityScore = demoCompatibility(viewer, person).overall;
      return {
        person,
        compatibilityScore,
        sharedInterests: sharedInterests(viewer, person),
        connectionPotential: compatibilityScore >= HIGH_MATCH_MIN ? ('high' as const) : ('good' as const),
      };
    })
    .sort((a, b) => b.compatibilityScore - a.compatibilityScore || b.sharedInterests.length - a.sharedInterests.length || a.person.id - b.person.id);
}

/** The guests the viewer's preview shows: the PREVIEW_SIZE best matches. */
export function previewShown<P extends Person>(viewer: Person, others: readonly P[]): RankedProfile<P>[] {
  return rankForPreview(viewer, others).slice(0, PREVIEW_SIZE);
}
