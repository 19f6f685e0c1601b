import { describe, expect, it } from 'vitest';
import { ageScore, communicationScore, demoMatchesFor, interestScore, isMutual, memberMatchScore, personalityScore, scorePair, traitScore } from './matching';

const p = (over: Partial<Parameters<typeof ageScore>[0]> = {}) => ({ id: 1, age: 30, interests: [], ...over });

describe('matching scores', () => {
  it('only mutual ratings of 4 or more match', () => {
    expect(isMutual(4, 4)).toBe(true);
    expect(isMutual(5, 3)).toBe(false);
    expect(isMutual(5, undefined)).toBe(false);
  });
  it('trait scores follow the spec', () => {
    expect(traitScore('creative', 5, 7)).toBe(80);
    expect(traitScore('social', 5, 7)).toBe(69);
    expect(traitScore('analytical', 1, 9)).toBe(80);
    expect(traitScore('analytical', 4, 6)).toBe(80);
    expect(personalityScore(p(), p())).toBeNull();
  });
  it('communication: same 85, adjacent 90, opposite 60', () => {
    expect(communicationScore(p({ communicationStyle: 'balanced' }), p({ communicationStyle: 'balanced' }))).toBe(85);
    expect(communicationScore(p({ communicationStyle: 'balanced' }), p({ communicationStyle: 'extroverted' }))).toBe(90);
    expect(communicationScore(p({ communicationStyle: 'introverted' }), p({ communicationStyle: 'extroverted' }))).toBe(60);
  });
  it('age: ≤3 years 100, ≤5 85, else 70', () => {
    expect(ageScore(p({ age: 30 }), p({ age: 33 }))).toBe(100);
    expect(ageScore(p({ age: 30 }), p({ age: 35 }))).toBe(85);
    expect(ageScore(p({ age: 30 }), p({ age: 36 }))).toBe(70);
  });
  it('interest: overlap share plus 30, capped at 100', () => {
    expect(interestScore(p({ interests: ['Art', 'Wine'] }), p({ interests: ['art', 'Film'] }))).toBe(80);
    expect(interestScore(p({ interests: ['Art'] }), p({ interests: ['Art'] }))).toBe(100);
  });
  it('members see 1-5 from the two ratings', () => {
    expect(memberMatchScore(4, 5)).toBe(5);
    expect(memberMatchScore(4, 4)).toBe(4);
  });
  it('the algorithm changes the overall score, never the components', () => {
    const a = p({ interests: ['Art'], communicationStyle: 'balanced' });
    const b = p({ id: 2, interests: ['Art'], communicationStyle: 'balanced' });
    const r = scorePair('rating', a, b, 5, 4);
    expect(r.overallScore).toBe(90);
    expect(scorePair('interest', a, b, 5, 4).interestScore).toBe(r.interestScore);
  });
  it('the demo list keeps only matches of 60 or more, best first', () => {
    for (const id of [1, 2, 3, 4, 5]) {
      const list = demoMatchesFor(id);
      expect(list.every((m) => m.overall >= 60)).toBe(true);
      expect(list.map((m) => m.overall)).toEqual([...list.map((m) => m.overall)].sort((x, y) => y - x));
    }
  });
});
