import { afterEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_NARRATION } from '@shared/schemas/narration';
import { fakeSpeech, noSpeech, voice } from '@client/test/fake-speech';
import { getNarrator, isSpeakable, pickVoice, resetNarrator, speechSupported } from './narration';

afterEach(() => resetNarrator());

describe('the narrator queue (docs/spec/organiser-tools.md §4, §5)', () => {
  test('reads texts one at a time, in the order they were queued', () => {
    const speech = fakeSpeech();
    const n = getNarrator()!;
    n.speak('First');
    n.speak('Second');
    n.speak('Third');
    expect(speech.texts()).toEqual(['First']);
    expect(n.getState()).toEqual({ speaking: true, paused: false, current: 'First', queued: 2 });
    speech.finish();
    expect(speech.texts()).toEqual(['First', 'Second']);
    speech.finish();
    speech.finish();
    expect(speech.texts()).toEqual(['First', 'Second', 'Third']);
    expect(n.getState()).toEqual({ speaking: false, paused: false, current: null, queued: 0 });
  });

  test('never speaks empty or whitespace-only text', () => {
    const speech = fakeSpeech();
    const n = getNarrator()!;
    expect(n.speak('')).toBe(false);
    expect(n.speak('   \n\t ')).toBe(false);
    expect(n.say('  ')).toBe(false);
    expect(speech.synth.speak).not.toHaveBeenCalled();
    expect(isSpeakable(' a ')).toBe(true);
    expect(n.speak('  Hello  ')).toBe(true);
    expect(speech.texts()).toEqual(['Hello']);
  });

  test('pauses and resumes the current text', () => {
    const speech = fakeSpeech();
    const n = getNarrator()!;
    n.pause(); // nothing to pause
    expect(speech.synth.pause).not.toHaveBeenCalled();
    n.speak('Round 2: talk to Priya at table 3.');
    n.togglePause();
    expect(speech.synth.pause).toHaveBeenCalledTimes(1);
    expect(n.getState().paused).toBe(true);
    n.togglePause();
    expect(speech.synth.resume).toHaveBeenCalledTimes(1);
    expect(n.getState()).toMatchObject({ paused: false, speaking: true });
  });

  test('skip drops the current text and goes on with the next; an interrupted utterance is not an error', () => {
    const speech = fakeSpeech();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const n = getNarrator()!;
    n.speak('One');
    n.speak('Two');
    n.speak('Three');
    n.skip();
    expect(speech.synth.cancel).toHaveBeenCalledTimes(1);
    expect(speech.texts()).toEqual(['One', 'Two']);
    expect(n.getState()).toMatchObject({ current: 'Two', queued: 1 });
    // Skipping while paused resumes the engine for the next text.
    n.pause();
    n.skip();
    expect(speech.synth.resume).toHaveBeenCalled();
    expect(n.getState()).toMatchObject({ current: 'Three', paused: false });
    expect(warn).not.toHaveBeenCalled();
  });

  test('clear stops speech and empties the queue; say replaces whatever was playing', () => {
    const speech = fakeSpeech();
    const n = getNarrator()!;
    n.speak('One');
    n.speak('Two');
    n.clear();
    expect(speech.synth.cancel).toHaveBeenCalled();
    expect(n.getState()).toEqual({ speaking: false, paused: false, current: null, queued: 0 });
    speech.finish();
    expect(speech.texts()).toEqual(['One']);
    n.speak('A');
    n.speak('B');
    n.say('Overview');
    expect(speech.texts()).toEqual(['One', 'A', 'Overview']);
    expect(n.getState()).toMatchObject({ current: 'Overview', queued: 0 });
  });

  test('a synthesis error is logged as a warning and the queue goes on', () => {
    const speech = fakeSpeech();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const n = getNarrator()!;
    n.speak('One');
    n.speak('Two');
    speech.fail('audio-busy');
    expect(warn).toHaveBeenCalledWith('Speech synthesis error', 'audio-busy');
    expect(speech.texts()).toEqual(['One', 'Two']);
  });

  test('each utterance carries the settings: rate, pitch, volume and the chosen voice', () => {
    const speech = fakeSpeech();
    const n = getNarrator()!;
    n.settings = { ...DEFAULT_NARRATION, voice: 'Daniel', rate: 1.4, pitch: 0.6, volume: 0.3 };
    n.speak('Hello');
    const u = speech.spoken[0]!;
    expect(u).toMatchObject({ rate: 1.4, pitch: 0.6, volume: 0.3, lang: 'en-GB' });
    expect(u.voice?.name).toBe('Daniel');
  });

  test('the default voice is the first English one (§9: rate 1, pitch 1, volume 0.8)', () => {
    const speech = fakeSpeech();
    const n = getNarrator()!;
    n.speak('Hello');
    expect(speech.spoken[0]).toMatchObject({ rate: 1, pitch: 1, volume: 0.8 });
    expect(speech.spoken[0]!.voice?.name).toBe('Samantha');
    // A saved voice this device lacks falls back to the first English voice too.
    expect(pickVoice([voice('Thomas', 'fr-FR'), voice('Moira', 'en-IE')], 'Alex')?.name).toBe('Moira');
    expect(pickVoice([voice('Thomas', 'fr-FR')], null)).toBeUndefined();
  });
});

test('a browser without speech synthesis has no narrator', () => {
  noSpeech();
  expect(speechSupported()).toBe(false);
  expect(getNarrator()).toBeNull();
});
