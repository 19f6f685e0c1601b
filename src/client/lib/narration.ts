import type { NarrationSettings } from '@shared/schemas/narration';
import { DEFAULT_NARRATION } from '@shared/domain/narration';

/**
 * The voice narration engine (docs/spec/organiser-tools.md §2.13, §4 "Voice narration: on/off,
 * playing/paused, with a queue that can be skipped or cleared", §5 "empty or whitespace-only text
 * is not spoken", §7 speech synthesis). One narrator per page, shared by the accessibility panel,
 * the demo page and the live evening (./use-live-narration.ts). It hands the browser one utterance
 * at a time, so skipping and clearing never depend on the browser's own queue.
 */

export interface NarratorState {
  /** Something is being read (or is paused mid-sentence). */
  speaking: boolean;
  paused: boolean;
  /** The text being read now. */
  current: string | null;
  /** How many texts wait after it. */
  queued: number;
}

const IDLE: NarratorState = { speaking: false, paused: false, current: null, queued: 0 };

/** True when this browser can speak: speechSynthesis and SpeechSynthesisUtterance both exist. */
export function speechSupported(): boolean {
  return typeof window !== 'undefined' && 'speechSynthesis' in window && !!window.speechSynthesis && typeof window.SpeechSynthesisUtterance === 'function';
}

/** The voices the browser offers (may be empty until its 'voiceschanged' event). */
export function listVoices(synth: SpeechSynthesis | null = speechSupported() ? window.speechSynthesis : null): SpeechSynthesisVoice[] {
  try {
    return synth ? synth.getVoices() : [];
  } catch {
    return [];
  }
}

/** The chosen voice by name, else (§9) the first English voice, else the browser's default (undefined). */
export function pickVoice(voices: readonly SpeechSynthesisVoice[], name: string | null): SpeechSynthesisVoice | undefined {
  if (name) {
    const chosen = voices.find((v) => v.name === name);
    if (chosen) return chosen;
  }
  return voices.find((v) => /^en([-_]|$)/i.test(v.lang));
}

/** Blank text is never spoken (§5). */
export const isSpeakable = (text: string | null | undefined): text is string => typeof text === 'string' && text.trim().length > 0;

export class Narrator {
  private queue: string[] = [];
  private current: { text: string; utterance: SpeechSynthesisUtterance } | null = null;
  private paused = false;
  private state: NarratorState = IDLE;
  private readonly listeners = new Set<() => void>();
  private readonly stopListeners = new Set<() => void>();
  settings: NarrationSettings = DEFAULT_NARRATION;

  constructor(
    private readonly synth: SpeechSynthesis,
    private readonly Utterance: typeof SpeechSynthesisUtterance,
  ) {}

  /** Add text to the end of the queue; false (nothing queued) for empty or whitespace-only text. */
  speak(text: string): boolean {
    if (!isSpeakable(text)) return false;
    this.queue.push(text.trim());
    if (!this.current) this.next();
    else this.emit();
    return true;
  }

  /** Stop whatever is playing and read this now (a play button, the page overview). */
  say(text: string): boolean {
    if (!isSpeakable(text)) return false;
    this.clear();
    return this.speak(text);
  }

  pause() {
    if (!this.current || this.paused) return;
    this.synth.pause();
    this.paused = true;
    this.emit();
  }

  resume() {
    if (!this.paused) return;
    this.synth.resume();
    this.paused = false;
    this.emit();
  }

  /** P on the demo page: pause while reading, resume while paused. */
  togglePause() {
    if (this.paused) this.resume();
    else this.pause();
  }

  /** Drop the text being read and go on with the next one. */
  skip() {
    if (!this.current) return;
    this.current = null;
    this.synth.cancel();
    this.unpause();
    this.next();
  }

  /** Stop speaking and empty the queue (Ctrl+Shift+S). */
  clear() {
    this.queue = [];
    const speaking = this.current !== null;
    this.current = null;
    if (speaking || this.synth.speaking || this.synth.pending) this.synth.cancel();
    this.unpause();
    this.emit();
    this.stopListeners.forEach((l) => l());
  }

  /** Told whenever the queue is cleared (Stop, Ctrl+Shift+S, or a new text read over it): a demo drops its pending messages. */
  onStop = (listener: () => void) => {
    this.stopListeners.add(listener);
    return () => {
      this.stopListeners.delete(listener);
    };
  };

  getState = (): NarratorState => this.state;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private unpause() {
    if (!this.paused) return;
    // A cancelled but paused engine stays paused in Chrome: resume it before the next utterance.
    this.synth.resume();
    this.paused = false;
  }

  private next() {
    const text = this.queue.shift();
    if (text === undefined) {
      this.emit();
      return;
    }
    const u = new this.Utterance(text);
    const s = this.settings;
    const voice = pickVoice(listVoices(this.synth), s.voice);
    if (voice) {
      u.voice = voice;
      u.lang = voice.lang;
    }
    u.rate = s.rate;
    u.pitch = s.pitch;
    u.volume = s.volume;
    const mine = { text, utterance: u };
    const done = () => {
      if (this.current !== mine) return; // skipped or cleared: the queue has moved on already
      this.current = null;
      this.next();
    };
    u.onend = done;
    u.onerror = (e: SpeechSynthesisErrorEvent) => {
      // §8 "Speech synthesis error: warning logged"; a cancel we asked for is no error.
      if (e.error !== 'interrupted' && e.error !== 'canceled') console.warn('Speech synthesis error', e.error);
      done();
    };
    this.current = mine;
    this.emit();
    this.synth.speak(u);
  }

  private emit() {
    const next: NarratorState = { speaking: this.current !== null, paused: this.paused, current: this.current?.text ?? null, queued: this.queue.length };
    const s = this.state;
    if (s.speaking === next.speaking && s.paused === next.paused && s.current === next.current && s.queued === next.queued) return;
    this.state = next;
    this.listeners.forEach((l) => l());
  }
}

let shared: Narrator | null = null;

/** The page's narrator, or null when the browser cannot speak. */
export function getNarrator(): Narrator | null {
  if (!speechSupported()) return null;
  if (!shared) shared = new Narrator(window.speechSynthesis, window.SpeechSynthesisUtterance);
  return shared;
}

/** Tests: forget the shared narrator (a new fake speechSynthesis gets a new one). */
export function resetNarrator() {
  shared?.clear();
  shared = null;
}
