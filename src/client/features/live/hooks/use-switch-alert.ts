import { useCallback, useEffect, useRef, useState } from 'react';
import { BEEP_EVERY_MS, BEEP_HZ, SWITCH_OVERLAY_MS, VIBRATE_EVERY_MS, VIBRATE_PATTERN } from '../lib/timer';

type AudioCtor = typeof AudioContext;

function audioCtor(): AudioCtor | null {
  const w = window as unknown as { AudioContext?: AudioCtor; webkitAudioContext?: AudioCtor };
  return w.AudioContext ?? w.webkitAudioContext ?? null;
}

/**
 * The 'Time to Switch!' alarm (docs/spec/organiser-tools.md §9): 20 s of vibration (300/200/300/200/300/500 ms
 * every 2 s) and 800 Hz beeps every second. Browsers only allow sound after the person has
 * touched the page, so the first tap anywhere (or the sound toggle) unlocks the audio.
 */
export function useSwitchAlert() {
  const [until, setUntil] = useState<number | null>(null);
  const [soundOn, setSoundOn] = useState(true);
  const ctx = useRef<AudioContext | null>(null);
  const unsupported = useRef(false);
  const soundRef = useRef(soundOn);
  useEffect(() => {
    soundRef.current = soundOn;
  }, [soundOn]);

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
      if (soundRef.current && 'vibrate' in navigator) navigator.vibrate(VIBRATE_PATTERN);
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
    soundOn,
    /** Turn the alarm sound and vibration on or off; turning it on (a tap) unlocks audio and plays a short test beep. */
    toggleSound: useCallback(() => {
      const next = !soundRef.current;
      if (next) {
        beep(0.15);
        if ('vibrate' in navigator) navigator.vibrate(100);
      }
      soundRef.current = next;
      setSoundOn(next);
    }, [beep]),
  };
}
