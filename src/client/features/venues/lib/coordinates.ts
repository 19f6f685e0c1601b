import { z } from 'zod';
import { venueBody } from '@shared/schemas/venues';

const shared = venueBody.shape;

/**
 * A coordinate typed as text (a phone's decimal keypad has no minus sign, and Prestwich is west of
 * Greenwich): blank is none; otherwise a decimal number in the range of the shared venue schema.
 */
export const coordinateField = (label: 'Latitude' | 'Longitude') => {
  const range = label === 'Latitude' ? shared.latitude : shared.longitude;
  const limit = label === 'Latitude' ? 90 : 180;
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === '') return null;
      const n = /^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : NaN;
      if (!Number.isFinite(n)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a decimal number, like ${label === 'Latitude' ? '53.5331' : '-2.2845'}` });
        return z.NEVER;
      }
      if (!range.safeParse(n).success) {
        ctx.addIssue({ code: 'custom', message: `${label} must be between -${limit} and ${limit}` });
        return z.NEVER;
      }
      return n;
    });
};

/** Where a venue's door is: both coordinates, or neither (arrival check-in needs both). */
export const coordinatesFields = { latitude: coordinateField('Latitude'), longitude: coordinateField('Longitude') };

export function bothOrNeither(f: { latitude: number | null; longitude: number | null }, ctx: z.RefinementCtx) {
  if ((f.latitude === null) !== (f.longitude === null)) {
    ctx.addIssue({ code: 'custom', path: [f.latitude === null ? 'latitude' : 'longitude'], message: 'Enter both latitude and longitude, or neither' });
  }
}

/** 'lat, long' as a map app copies it (Google Maps: press and hold the entrance): the pair, or null. */
export function coordinatePair(text: string): [string, string] | null {
  const m = /^\s*([-+]?\d+(?:\.\d+)?)\s*,\s*([-+]?\d+(?:\.\d+)?)\s*$/.exec(text);
  return m ? [m[1]!, m[2]!] : null;
}

/** How a stored coordinate is shown and edited: as stored, up to 6 decimals (about 10 cm). */
export const coordinateText = (n: number | null) => (n === null ? '' : String(Number(n.toFixed(6))));
