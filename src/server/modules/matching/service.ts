/**
 * Matching's service, the face other modules import: one file per concern. Ratings (ratings.ts),
 * matches calculated, shown and shared (matches.ts), the release of contacts (release.ts), the
 * host's submission progress (progress.ts), the conversation log (connections.ts) and community
 * groups (groups.ts).
 */
export { RATINGS_DELETED, rate, ratingsGiven } from './ratings';
export { activity, calculate, calculateAsHost, calculateFromRatings, eventMatches, matchesFor, releasedMatchesOf, share } from './matches';
export { myReleasedMatches, release, releaseDue } from './release';
export { progress, progressOfRounds } from './progress';
export { connections, logConnection } from './connections';
export { myGroups } from './friend-groups';
