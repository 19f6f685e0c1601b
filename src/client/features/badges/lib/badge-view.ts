import {
  Bike,
  BookOpen,
  Camera,
  ChefHat,
  Coffee,
  Cpu,
  Drama,
  Dumbbell,
  Film,
  Flower2,
  Footprints,
  Gamepad2,
  Mountain,
  Music,
  Palette,
  Plane,
  Shirt,
  Sparkles,
  Trees,
  Wine,
  type LucideIcon,
} from 'lucide-react';
import { PERSONALITY_TEXT, personalityBand } from '@shared/domain/personality';
import type { Badge } from '@shared/schemas/events';

/**
 * How a badge shows (docs/spec/organiser-tools.md §2.8, §3 "Badge participant" and "Personality
 * insight", §9): interest icons, the four insights on 0-100, and the people four at a time.
 */

/** The spec's known icons (music, reading, coffee, photography, gaming, travel, fitness, art) and the wizard's other interests. */
const ICONS: Record<string, LucideIcon> = {
  music: Music,
  reading: BookOpen,
  books: BookOpen,
  coffee: Coffee,
  photography: Camera,
  gaming: Gamepad2,
  travel: Plane,
  fitness: Dumbbell,
  art: Palette,
  wine: Wine,
  cooking: ChefHat,
  dancing: Footprints,
  tech: Cpu,
  nature: Trees,
  theater: Drama,
  theatre: Drama,
  fashion: Shirt,
  film: Film,
  cycling: Bike,
  yoga: Flower2,
  hiking: Mountain,
};

/** The icon of an interest, by name (any case); a sparkle for the rest. */
export const interestIcon = (interest: string): LucideIcon => ICONS[interest.trim().toLowerCase()] ?? Sparkles;

/** The four insights, in the spec's order. */
export const INSIGHTS = [
  { key: 'creative', name: 'Creative' },
  { key: 'adventurous', name: 'Adventurous' },
  { key: 'social', name: 'Social' },
  { key: 'analytical', name: 'Analytical' },
] as const;

export interface Insight {
  name: string;
  /** 0-100 (the stored 0-10 trait times 10), or null when not shared. */
  score: number | null;
  description: string | null;
}

/** A badge's insights: each stored 0-10 trait as 0-100, described by the wizard's band (trait / 2 is the 1-5 answer). */
export function insightsOf(personality: Badge['personality']): Insight[] {
  return INSIGHTS.map(({ key, name }) => {
    const raw = personality?.[key] ?? null;
    if (raw === null) return { name, score: null, description: null };
    return { name, score: Math.round(raw * 10), description: PERSONALITY_TEXT[key][personalityBand(raw / 2)] };
  });
}

/** The badge bar's colour (§9): 80+ green, 60+ yellow, otherwise grey. */
export const barTone = (score: number) => (score >= 80 ? 'bg-emerald-600' : score >= 60 ? 'bg-amber-400' : 'bg-stone-400');

/** People shown at a time (§9: the badge screen shows 4). */
export const PER_VIEW = 4;

/** The `page`-th group of four (wrapping), and how many groups there are. */
export function groupOf<T>(list: readonly T[], page: number): { shown: T[]; pages: number; first: number } {
  const pages = Math.max(1, Math.ceil(list.length / PER_VIEW));
  const p = ((page % pages) + pages) % pages;
  return { shown: list.slice(p * PER_VIEW, p * PER_VIEW + PER_VIEW), pages, first: p * PER_VIEW };
}
