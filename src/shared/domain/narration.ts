/**
 * The narration constants without the schema (which needs zod): the live evening's page uses them
 * on its first paint and loads the schema only when it checks settings (docs/decisions/0026). The
 * schema (schemas/narration.ts) types the defaults against itself.
 */

/** docs/spec/organiser-tools.md §5: speech rate 0.5-2, pitch 0.5-2, volume 0-1, each in steps of 0.1. */
export const NARRATION_RANGES = {
  rate: { min: 0.5, max: 2, step: 0.1 },
  pitch: { min: 0.5, max: 2, step: 0.1 },
  volume: { min: 0, max: 1, step: 0.1 },
} as const;

/** §9: rate 1, pitch 1, volume 0.8, auto-read off, first English voice; narration itself starts off. */
export const DEFAULT_NARRATION = { enabled: false, voice: null as string | null, rate: 1, pitch: 1, volume: 0.8, autoRead: false };
