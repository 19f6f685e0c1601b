/** Match preview (/match-preview, docs/spec/organiser-tools.md §2.25) and the profile's opt-out from it. */
export { MatchPreviewScreen, MatchPreviewSignIn, NoPreviewEvening } from './components/match-preview-screen';
export { PreviewVisibilitySetting } from './components/preview-visibility-setting';
