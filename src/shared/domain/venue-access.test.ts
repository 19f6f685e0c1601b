import { describe, expect, it } from 'vitest';
import { NO_ACCESS_FACTS, venueAccessInput } from '../schemas/venue-access';
import { accessFeatures, accessLines, accessTold, listWords, readAccess } from './venue-access';

describe('venue access facts (docs/decisions/0077-venues-say-how-to-get-in.md)', () => {
  it('reads what is stored, and anything missing or unreadable as "not told yet", never as "no"', () => {
    expect(readAccess({})).toEqual(NO_ACCESS_FACTS);
    expect(readAccess(null)).toEqual(NO_ACCESS_FACTS);
    expect(readAccess({ stepFree: 'maybe', hearingLoop: true, seating: ['sofas'], lift: true })).toEqual({ ...NO_ACCESS_FACTS, hearingLoop: true });
    expect(accessTold(NO_ACCESS_FACTS)).toBe(false);
    expect(accessTold({ ...NO_ACCESS_FACTS, quietSpace: false })).toBe(true);
  });

  it('normalises what a form sends: empty text and no seating are not told, seating in a fixed order, once each', () => {
    expect(venueAccessInput.parse({ parking: '  ', seating: [], notes: '' })).toEqual(NO_ACCESS_FACTS);
    expect(venueAccessInput.parse({ seating: ['standing', 'chairs', 'standing'] }).seating).toEqual(['chairs', 'standing']);
  });

  it('says each told fact in plain words, a "no" as a no', () => {
    const lines = accessLines({ ...NO_ACCESS_FACTS, stepFree: 'no', quietSpace: false, seating: ['standing'], noise: 'loud' });
    expect(lines.map((l) => l.text)).toEqual(['No step-free entrance', 'No quiet space', 'Standing room only, no seats', 'Loud: can be hard to hear']);
    expect(listWords(['chairs', 'high stools', 'standing room'])).toBe('chairs, high stools and standing room');
  });

  it('gives schema.org features for the told facts only: yes/no as booleans, the rest as text', () => {
    expect(accessFeatures(NO_ACCESS_FACTS)).toEqual([]);
    expect(accessFeatures({ ...NO_ACCESS_FACTS, stepFree: 'no', accessibleToilet: true, lighting: 'dim', parking: 'Church Lane' })).toEqual([
      { '@type': 'LocationFeatureSpecification', name: 'Step-free entrance', value: false },
      { '@type': 'LocationFeatureSpecification', name: 'Accessible toilet', value: true },
      { '@type': 'LocationFeatureSpecification', name: 'Lighting', value: 'Dim' },
      { '@type': 'LocationFeatureSpecification', name: 'Nearest accessible parking', value: 'Church Lane' },
    ]);
  });
});
