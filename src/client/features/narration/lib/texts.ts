/** The spec's texts (docs/spec/organiser-tools.md §8), kept verbatim. */
export const PANEL_UNSUPPORTED_TITLE = 'Voice Narration Unavailable';
export const PANEL_UNSUPPORTED_TEXT = "Your browser doesn't support speech synthesis. Please try a modern browser like Chrome, Firefox, or Safari.";
export const DEMO_UNSUPPORTED_TEXT =
  'Voice narration is not supported in your current browser. Please try Chrome, Firefox, Safari, or Edge for the best experience.';
export const ENABLE_FIRST = 'Enable voice narration in the Controls tab to run demos';

/** §9: demo narration messages are spaced 3 s apart. */
export const DEMO_SPACING_MS = 3_000;

export const SHORTCUTS: { keys: string; does: string }[] = [
  { keys: 'Ctrl+Shift+V', does: 'Turn voice narration on and hear the page overview, or turn it off' },
  { keys: 'Ctrl+Shift+S', does: 'Stop speaking and clear the queue' },
  { keys: 'P', does: 'Pause or resume speech' },
  { keys: 'H', does: 'Show keyboard help (read aloud when narration is on)' },
];

export const HELP_SPEECH = `Keyboard help. ${SHORTCUTS.map((s) => `${s.keys.replaceAll('+', ' ')}: ${s.does}.`).join(' ')}`;
