import { describe, expect, it } from 'vitest';
import { personalityScore } from './matching';
import { personalityBand, personalityBarPercent, registerProgress, traitsFromAnswers, type PersonalityAnswers } from './personality';

const answers = (over: Partial<PersonalityAnswers> = {}): PersonalityAnswers => ({
  creative: 3,
  social: 3,
  adventurous: 3,
  analytical: 3,
  empathetic: 3,
  ...over,
});

describe('traitsFromAnswers', () => {
  it('maps 1-5 to the 0-10 traits of the matching code (score times 2), leaving empathetic out', () => {
    expect(traitsFromAnswers(answers({ creative: 5, social: 1, adventurous: 4, analytical: 2, empathetic: 5 }))).toEqual({
      creative: 10,
      social: 2,
      adventurous: 8,
      analytical: 4,
    });
  });

  it('keeps every trait inside 0-10 even for a value outside the scale', () => {
    const t = traitsFromAnswers(answers({ creative: 9, social: -2, adventurous: Number.NaN, analytical: 2.6 }));
    expect(t).toEqual({ creative: 10, social: 2, adventurous: 6, analytical: 6 });
  });

  it('gives traits the matching algorithm scores: equal answers are a perfect personality match but for social', () => {
    const a = { id: 1, age: 30, interests: [], personalityTraits: traitsFromAnswers(answers({ social: 4 })) };
    const b = { id: 2, age: 30, interests: [], personalityTraits: traitsFromAnswers(answers({ social: 4 })) };
    // creative, adventurous, analytical 100 each; social 85: mean 96.25 → 96.
    expect(personalityScore(a, b)).toBe(96);
    const c = { id: 3, age: 30, interests: [], personalityTraits: traitsFromAnswers(answers({ creative: 1, social: 4 })) };
    // Creative 3 vs 1 is 6 vs 2 on 0-10: 100 - 40 = 60.
    expect(personalityScore(a, c)).toBe(Math.round((60 + 85 + 100 + 100) / 4));
  });
});

describe('bands, bars and progress', () => {
  it('bands 4 or above high, 3 moderate, below 3 low', () => {
    expect([1, 2, 3, 4, 5].map(personalityBand)).toEqual(['low', 'low', 'moderate', 'high', 'high']);
  });

  it('draws the profile bar at score times 20', () => {
    expect([1, 3, 5].map(personalityBarPercent)).toEqual([20, 60, 100]);
  });

  it('shows progress as the step divided by 4', () => {
    expect([1, 2, 3, 4].map(registerProgress)).toEqual([25, 50, 75, 100]);
  });
});
