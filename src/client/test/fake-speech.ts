/**
 * A fake speech engine at the edge of the world (window.speechSynthesis and SpeechSynthesisUtterance),
 * for the voice narration tests. Utterances are "spoken" one at a time; the test ends each with
 * `finish()` (or lets `cancel()` interrupt it), exactly as a browser fires end and error events.
 */
import { vi } from 'vitest';
import { resetNarrator } from '@client/lib/narration';

export class FakeUtterance {
  voice: SpeechSynthesisVoice | null = null;
  lang = '';
  rate = 1;
  pitch = 1;
  volume = 1;
  onend: ((e: unknown) => void) | null = null;
  onerror: ((e: { error: string }) => void) | null = null;
  constructor(readonly text: string) {}
}

export const voice = (name: string, lang: string) => ({ name, lang, voiceURI: name, default: false, localService: true }) as SpeechSynthesisVoice;

export function fakeSpeech(voices: SpeechSynthesisVoice[] = [voice('Thomas', 'fr-FR'), voice('Samantha', 'en-US'), voice('Daniel', 'en-GB')]) {
  resetNarrator();
  const spoken: FakeUtterance[] = [];
  let current: FakeUtterance | null = null;
  const synth = {
    speaking: false,
    pending: false,
    paused: false,
    speak: vi.fn((u: FakeUtterance) => {
      spoken.push(u);
      current = u;
      synth.speaking = true;
    }),
    cancel: vi.fn(() => {
      const u = current;
      current = null;
      synth.speaking = false;
      u?.onerror?.({ error: 'interrupted' });
    }),
    pause: vi.fn(() => {
      synth.paused = true;
    }),
    resume: vi.fn(() => {
      synth.paused = false;
    }),
    getVoices: () => voices,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  vi.stubGlobal('speechSynthesis', synth);
  vi.stubGlobal('SpeechSynthesisUtterance', FakeUtterance);
  return {
    synth,
    /** Every utterance handed to the browser, in order. */
    spoken,
    texts: () => spoken.map((u) => u.text),
    get current() {
      return current;
    },
    /** The browser finishes the current utterance. */
    finish() {
      const u = current;
      current = null;
      synth.speaking = false;
      u?.onend?.({});
    },
    /** The browser fails the current utterance. */
    fail(error = 'synthesis-failed') {
      const u = current;
      current = null;
      synth.speaking = false;
      u?.onerror?.({ error });
    },
  };
}

/** A browser without speech synthesis. */
export function noSpeech() {
  resetNarrator();
  vi.stubGlobal('speechSynthesis', undefined);
  vi.stubGlobal('SpeechSynthesisUtterance', undefined);
}
