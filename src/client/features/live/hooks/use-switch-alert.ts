import { useCallback, useEffect, useRef, useState } from 'react';
import { BEEP_EVERY_MS, BEEP_HZ, SWITCH_HOLD_MS, SWITCH_OVERLAY_MS, VIBRATE_EVERY_MS, VIBRATE_PATTERN } from '../lib/timer';

type AudioCtor = typeof AudioContext;

function audioCtor(): AudioCtor | null {
  const w = window as unknown as { AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/** The guest's choices for the bell, kept on this phone (docs/decisions/0080): on unless turned off. */
const SOUND_KEY = 'sf:bell:sound';
const VIBRATION_KEY = 'sf:bell:vibration';
const WARNING_VIBRATION_MS = [200, 100, 200];

function storedChoice(key: string): boolean {
  try {
    return localStorage.getItem(key) !== 'off';
  } catch {
    return true;
  }
}

function storeChoice(key: string, on: boolean) {
  try {
    if (on) localStorage.removeItem(key);
    else localStorage.setItem(key, 'off');
  } catch {
    // Private mode without storage: the choice lasts as long as the page.
  }
}

/**
 * The 'Time to Switch!' alarm (docs/spec/organiser-tools.md §9): 20 s of vibration (300/200/300/200/300/500 ms
 * every 2 s) and 800 Hz beeps every second. Browsers only allow sound after the person has
 * touched the page, so the first tap anywhere (or the sound toggle) unlocks the audio.
 * The one-minute and 30-second warnings give one short beep and one short buzz (`warn`). Sound and
 * vibration are each the guest's to turn off, and stay off on this phone (docs/decisions/0080).
 */
export function useSwitchAlert() {
  const [until, setUntil] = useState<number | null>(null);
  const [soundOn, setSoundOn] = useState(() => storedChoice(SOUND_KEY));
  const [vibrationOn, setVibrationOn] = useState(() => storedChoice(VIBRATION_KEY));
  const ctx = useRef<AudioContext | null>(null);
  const unsupported = useRef(false);
  const soundRef = useRef(soundOn);
  const vibrationRef = useRef(vibrationOn);
  useEffect(() => {
    soundRef.current = soundOn;
  }, [soundOn]);
  useEffect(() => {
    vibrationRef.current = vibrationOn;
  }, [vibrationOn]);

  const ensureAudio = useCallback((): AudioContext | null => {
    if (unsupported.current) return null;
    try {
      if (!ctx.current) {
        const Ctor = audioCtor();
        if (!Ctor) throw new Error('no AudioContext');
        ctx.current = new Ctor();
      }
      if (ctx.current.state === 'suspended') void ctx.current.resume().catch(() => {});
      return ctx.current;
    } catch {
      unsupported.current = true;
      console.log('Audio not supported');
      return null;
    }
  }, []);

  const beep = useCallback(
    (length = 0.25) => {
      const ac = ensureAudio();
      if (!ac) return;
      try {
        const osc = ac.createOscillator();
        const gain = ac.createGain();
        osc.type = 'sine';
        osc.frequency.value = BEEP_HZ;
        const t = ac.currentTime;
        gain.gain.setValueAtTime(0.0001, t);
        gain.gain.exponentialRampToValueAtTime(0.35, t + 0.02);
        gain.gain.exponentialRampToValueAtTime(0.0001, t + length);
        osc.connect(gain).connect(ac.destination);
        osc.start(t);
        osc.stop(t + length + 0.02);
      } catch {
        console.log('Audio not supported');
      }
    },
    [ensureAudio],
  );

  // Unlock audio on the first touch or key press anywhere on the page.
  useEffect(() => {
    const unlock = () => {
      if (soundRef.current) ensureAudio();
    };
    document.addEventListener('pointerdown', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, [ensureAudio]);

  const active = until !== null;

  // While the overlay shows: vibrate every 2 s and beep every 1 s, for 20 s.
  useEffect(() => {
    if (until === null) return;
    const vibrate = () => {
      if (vibrationRef.current && 'vibrate' in navigator) navigator.vibrate(VIBRATE_PATTERN);
    };
    const sound = () => {
      if (soundRef.current) beep();
    };
    vibrate();
    sound();
    const v = window.setInterval(vibrate, VIBRATE_EVERY_MS);
    const b = window.setInterval(sound, BEEP_EVERY_MS);
    const end = window.setTimeout(() => setUntil(null), Math.max(0, until - Date.now()));
    return () => {
      window.clearInterval(v);
      window.clearInterval(b);
      window.clearTimeout(end);
      if ('vibrate' in navigator) navigator.vibrate(0);
    };
  }, [until, beep]);

  useEffect(
    () => () => {
      void ctx.current?.close().catch(() => {});
      ctx.current = null;
    },
    [],
  );

  return {
    active,
    trigger: useCallback(() => setUntil(Date.now() + SWITCH_OVERLAY_MS), []),
    dismiss: useCallback(() => setUntil(null), []),
    /** The guest is using the overlay (a tap, a key): it stays at least SWITCH_HOLD_MS more, so a rating tapped at second 19 is seen saved. */
    hold: useCallback(() => setUntil((u) => (u === null ? null : Math.max(u, Date.now() + SWITCH_HOLD_MS))), []),
    /** A one-minute or 30-second warning: one short beep and one short buzz, each if the guest left it on. */
    warn: useCallback(() => {
      if (soundRef.current) beep(0.15);
      if (vibrationRef.current && 'vibrate' in navigator) navigator.vibrate(WARNING_VIBRATION_MS);
    }, [beep]),
    soundOn,
    vibrationOn,
    /** Turn the bell's sound on or off; turning it on (a tap) unlocks audio and plays a short test beep. */
    toggleSound: useCallback(() => {
      const next = !soundRef.current;
      if (next) beep(0.15);
      soundRef.current = next;
      storeChoice(SOUND_KEY, next);
      setSoundOn(next);
    }, [beep]),
    /** Turn the bell's vibration on or off; turning it on buzzes once, so the guest feels what it will be. */
    toggleVibration: useCallback(() => {
      const next = !vibrationRef.current;
      if (next && 'vibrate' in navigator) navigator.vibrate(100);
      if (!next && 'vibrate' in navigator) navigator.vibrate(0);
      vibrationRef.current = next;
      storeChoice(VIBRATION_KEY, next);
      setVibrationOn(next);
    }, []),
  };
}
