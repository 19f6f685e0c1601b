import { describe, expect, it } from 'vitest';
import {
  aggregateFeedback,
  averageRating,
  countEmoji,
  EMOJI_CHOICES,
  formatTrend,
  improvementBarWidth,
  IMPROVEMENT_OPTIONS,
  rankImprovements,
  publicHostRating,
  ratingTrend,
  recommendationRate,
} from './feedback';

describe('feedback maths (docs/spec/organiser-tools.md §3, §9 "Feedback")', () => {
  it('has the eight emoji of the spec with their labels, and ten improvement options', () => {
    expect(EMOJI_CHOICES.map((e) => [e.key, e.label])).toEqual([
      ['heart-eyes', 'Love it!'],
      ['party', 'Amazing!'],
      ['clap', 'Well done!'],
      ['smile', 'Great!'],
      ['fire', 'Fire!'],
      ['hundred', 'Perfect!'],
      ['sweat-smile', 'Fun!'],
      ['pensive', 'Could be better'],
    ]);
    expect(IMPROVEMENT_OPTIONS).toHaveLength(10);
    expect(new Set(IMPROVEMENT_OPTIONS.map((o) => o.key)).size).toBe(10);
  });

  it('averages only the ratings given (0 is unrated), to one decimal; null when none', () => {
    expect(averageRating([5, 4, 0, 4])).toBe(4.3);
    expect(averageRating([0, 0])).toBeNull();
    expect(averageRating([])).toBeNull();
    expect(averageRating([4, 5])).toBe(4.5);
  });

  it('recommendation rate is a whole percent of responses; null with none', () => {
    expect(recommendationRate([true, true, false])).toBe(67);
    expect(recommendationRate([false])).toBe(0);
    expect(recommendationRate([])).toBeNull();
  });

  it('bars run 85 minus 15 per rank, never below 10', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(improvementBarWidth)).toEqual([85, 70, 55, 40, 25, 10, 10]);
  });

  it('ranks improvements by how many asked; ties share a rank and keep the options’ order; unknown and repeated keys ignored', () => {
    const ranked = rankImprovements([['seating', 'icebreakers', 'seating', 'nonsense'], ['icebreakers'], ['seating', 'check-in'], []]);
    expect(ranked.map((r) => [r.key, r.count, r.percent, r.rank, r.barWidth])).toEqual([
      ['icebreakers', 2, 50, 0, 85],
      ['seating', 2, 50, 0, 85],
      ['check-in', 1, 25, 2, 55],
    ]);
    expect(rankImprovements([])).toEqual([]);
  });

  it('trend is the change against the previous evening, one decimal, and reads with a sign', () => {
    expect(ratingTrend(4.6, 4.3)).toBe(0.3);
    expect(ratingTrend(3.5, 4)).toBe(-0.5);
    expect(ratingTrend(4, 4)).toBe(0);
    expect(ratingTrend(null, 4)).toBeNull();
    expect(ratingTrend(4, null)).toBeNull();
    expect([0.3, -0.5, 0].map(formatTrend)).toEqual(['+0.3', '−0.5', '±0.0']);
  });

  it('aggregates responses into the figures of the insights', () => {
    const base = { venueRating: 0, organizationRating: 0, matchQualityRating: 0, timingRating: 0, improvements: [] as string[] };
    const agg = aggregateFeedback([
      { ...base, overallRating: 5, venueRating: 4, wouldRecommend: true },
      { ...base, overallRating: 4, wouldRecommend: false, improvements: ['seating'] },
    ]);
    expect(agg).toMatchObject({ totalResponses: 2, averageOverallRating: 4.5, recommendationRate: 50 });
    expect(agg.aspects[0]).toEqual({ key: 'venueRating', label: 'Venue', average: 4, ratings: 1 });
    expect(agg.aspects[1]).toEqual({ key: 'organizationRating', label: 'Organisation', average: null, ratings: 0 });
    expect(agg.improvements.map((i) => i.key)).toEqual(['seating']);
  });

  it('counts reactions per emoji, every emoji present', () => {
    const counts = countEmoji([{ emoji: 'fire' }, { emoji: 'fire' }, { emoji: 'pensive' }, { emoji: 'unknown' }]);
    expect(counts.fire).toBe(2);
    expect(counts.pensive).toBe(1);
    expect(counts['heart-eyes']).toBe(0);
    expect(Object.keys(counts)).toHaveLength(8);
  });
});

describe("a host's public rating (docs/decisions/0067)", () => {
  it('shows the average to one decimal only from 5 responses across 2 evenings', () => {
    expect(publicHostRating({ average: 4.55, reviews: 5, evenings: 2 })).toBe(4.6);
    expect(publicHostRating({ average: 5, reviews: 4, evenings: 2 })).toBeNull();
    expect(publicHostRating({ average: 5, reviews: 9, evenings: 1 })).toBeNull();
    expect(publicHostRating({ average: null, reviews: 0, evenings: 0 })).toBeNull();
  });
});
