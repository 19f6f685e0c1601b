import { z } from 'zod';
import { DEFAULT_NARRATION as DEFAULTS, NARRATION_RANGES } from '../domain/narration';
import { storedText } from './common';

export { NARRATION_RANGES };

/**
 * Voice narration settings (docs/spec/organiser-tools.md §2.13, §3 "Voice settings", §5 "Voice
 * sliders", §9 "Voice defaults"). One shape for the member's server copy (GET/PUT /api/me/narration),
 * the device copy (localStorage) and the settings form.
 */

/** True when `v` is a whole number of tenths (0.1 steps), allowing for binary fractions (0.7 is 0.69999…). */
export const isTenth = (v: number) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-6;

const slider = (label: string, { min, max }: { min: number; max: number }) =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be between ${min} and ${max}`)
    .max(max, `${label} must be between ${min} and ${max}`)
    .refine(isTenth, `${label} moves in steps of 0.1`);

export const narrationSettingsSchema = z.strictObject({
  /** Narration on or off (§4 "Voice narration: on/off"): the demos and the live evening speak only when on. */
  enabled: z.boolean(),
  /** The chosen voice's name as the browser lists it; null for the first English voice (§9). */
  voice: storedText().trim().min(1, 'Pick a voice or the default').max(200, 'Voice name is too long').nullable(),
  rate: slider('Speech rate', NARRATION_RANGES.rate),
  pitch: slider('Pitch', NARRATION_RANGES.pitch),
  volume: slider('Volume', NARRATION_RANGES.volume),
  /** §3 "autoPlay": read each page's overview aloud on opening it. */
  autoRead: z.boolean(),
});
export type NarrationSettings = z.infer<typeof narrationSettingsSchema>;

/** §9's defaults (shared/domain/narration.ts), checked against the schema's type. */
export const DEFAULT_NARRATION: NarrationSettings = DEFAULTS;

/** GET /api/me/narration: the member's saved settings, or the defaults with saved false (nothing stored yet). */
export const myNarrationSchema = z.object({ settings: narrationSettingsSchema, saved: z.boolean() });
export type MyNarration = z.infer<typeof myNarrationSchema>;

/** Stored or device settings read back: anything that no longer fits the schema falls back to the defaults, field by field. */
export function readNarrationSettings(raw: unknown): NarrationSettings {
  const out: Record<string, unknown> = { ...DEFAULT_NARRATION };
  if (raw && typeof raw === 'object') {
    const shape = narrationSettingsSchema.shape;
    for (const key of Object.keys(shape) as (keyof typeof shape)[]) {
      const parsed = shape[key].safeParse((raw as Record<string, unknown>)[key]);
      if (parsed.success) out[key] = parsed.data;
    }
  }
  return out as NarrationSettings;
}
