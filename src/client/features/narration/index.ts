/** Voice narration screens (docs/spec/organiser-tools.md §2.13); the engine and its hooks live in client/lib. */
export { NarrationPanel } from './components/narration-panel';
export { VoiceDemo } from './components/voice-demo';
