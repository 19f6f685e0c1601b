import type { PreviewProfile, PreviewResponse } from '@shared/schemas/match-preview';

/** Answers of GET /api/events/{id}/preview for the client tests. */

const NAMES = ['Priya', 'Sam', 'Jo', 'Kai', 'Lena', 'Omar', 'Rita', 'Tom', 'Uma', 'Vik'];

export function aProfile(i: number, over: Partial<PreviewProfile> = {}): PreviewProfile {
  const score = 90 - i * 5;
  return {
    id: 100 + i,
    firstName: NAMES[i % NAMES.length]!,
    age: 28 + i,
    personality: { creative: 80, adventurous: 60, social: 70, analytical: 40 },
    topInterests: ['Music', 'Art', 'Hiking'],
    compatibilityScore: score,
    sharedInterests: ['Music'],
    personalityInsight: "You're both creative",
    connectionPotential: score >= 75 ? 'high' : 'good',
    ...over,
  };
}

export function aPreview(profiles = 3, over: Partial<PreviewResponse> = {}): PreviewResponse {
  const list = Array.from({ length: profiles }, (_, i) => aProfile(i));
  return {
    event: {
      id: 5,
      title: 'Spring Social',
      date: '2031-05-14T18:00:00.000Z',
      endsAt: '2031-05-14T21:00:00.000Z',
      startTime: '19:00',
      endTime: '22:00',
      hasEnded: false,
      calendarUrl: '/api/events/5/calendar.ics',
    },
    venue: {
      name: 'The Wine Bar',
      address: '1 High Street',
      city: 'Prestwich',
      latitude: 53.53,
      longitude: -2.28,
      directionsUrl: 'https://www.openstreetmap.org/directions?to=53.53,-2.28',
    },
    viewer: { personality: { creative: 80, adventurous: 60, social: 60, analytical: 40 }, interests: ['Music', 'Wine', 'Art'], visible: true },
    expectedGuests: profiles + 1,
    averageCompatibility: list.length ? Math.round(list.reduce((s, p) => s + p.compatibilityScore, 0) / list.length) : null,
    highMatches: list.filter((p) => p.compatibilityScore >= 75).length,
    sharedInterestTotals: list.length ? [{ interest: 'Music', count: list.length }] : [],
    profiles: list,
    conversationStarters: ["What's on repeat for you at the moment?", "What's the best gig you've ever been to?", 'What would your perfect weekend look like?'],
    tips: ['Each conversation lasts 5 minutes: open with a question, then listen for what lights them up.', 'Only mutual choices share contact details.'],
    ...over,
  };
}
