import { Pause, Play, SkipForward, Square, Volume2, VolumeX } from 'lucide-react';
import { useId, useState } from 'react';
import { NARRATION_RANGES } from '@shared/domain/narration';
import type { NarrationSettings } from '@shared/schemas/narration';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { isSpeakable } from '@client/lib/narration';
import { useVoices, type NarrationApi } from '@client/lib/use-narration';

/** On/off, and the queue: pause or resume, skip, stop (docs/spec/organiser-tools.md §4 "Voice narration"). */
export function NarrationControls({ n }: { n: NarrationApi }) {
  const { settings, state, narrator } = n;
  const on = settings.enabled;
  const status = !on ? 'Narration is off' : state.paused ? 'Paused' : state.speaking ? 'Speaking' : 'Ready';
  const toggle = () => {
    if (on) narrator?.clear();
    n.update({ enabled: !on });
  };
  return (
    <Card className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <span
            className={cn('inline-flex size-12 items-center justify-center rounded-2xl', on ? 'bg-wine-100 text-wine-800' : 'bg-apricot-100 text-apricot-700')}
          >
            {on ? <Volume2 aria-hidden={true} className="size-6" /> : <VolumeX aria-hidden={true} className="size-6" />}
          </span>
          <div>
            <CardTitle>Voice narration</CardTitle>
            <p className="text-muted" role="status" aria-live="polite">
              {status}
              {on && state.queued > 0 ? ` · ${state.queued} waiting` : ''}
            </p>
          </div>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-label="Voice narration"
          onClick={toggle}
          className={cn(
            'relative inline-flex h-11 w-20 shrink-0 items-center rounded-full border-2 transition-colors focus-visible:outline-offset-4',
            on ? 'border-wine-700 bg-wine-700' : 'border-wine-200 bg-wine-50',
          )}
        >
          <span className={cn('inline-block size-8 rounded-full bg-white shadow transition-transform', on ? 'translate-x-10' : 'translate-x-1')} />
        </button>
      </div>
      {state.current && (
        <p className="rounded-2xl bg-wine-50 px-4 py-3 text-ink">
          <span className="sr-only">Now reading: </span>
          {state.current}
        </p>
      )}
      <div className="grid grid-cols-3 gap-2">
        <Button variant="outline" onClick={() => narrator?.togglePause()} disabled={!state.speaking}>
          {state.paused ? <Play aria-hidden={true} className="size-5" /> : <Pause aria-hidden={true} className="size-5" />}
          {state.paused ? 'Resume' : 'Pause'}
        </Button>
        <Button variant="outline" onClick={() => narrator?.skip()} disabled={!state.speaking}>
          <SkipForward aria-hidden={true} className="size-5" />
          Skip
        </Button>
        <Button variant="outline" onClick={() => narrator?.clear()} disabled={!state.speaking && state.queued === 0}>
          <Square aria-hidden={true} className="size-5" />
          Stop
        </Button>
      </div>
    </Card>
  );
}

function Slider({
  label,
  value,
  field,
  onChange,
  format,
}: {
  label: string;
  value: number;
  field: keyof typeof NARRATION_RANGES;
  onChange(v: number): void;
  format(v: number): string;
}) {
  const id = useId();
  const { min, max, step } = NARRATION_RANGES[field];
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-wine-900">
          {label}
        </label>
        <output htmlFor={id} className="font-display text-lg font-bold text-wine-800">
          {format(value)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-valuetext={format(value)}
        onChange={(e) => onChange(Math.round(Number(e.target.value) * 10) / 10)}
        className="h-11 w-full cursor-pointer accent-wine-700"
      />
      <div className="flex justify-between text-xs text-muted" aria-hidden="true">
        <span>{format(min)}</span>
        <span>{format(max)}</span>
      </div>
    </div>
  );
}

const times = (v: number) => `${v.toFixed(1)}×`;
const percent = (v: number) => `${Math.round(v * 100)}%`;

/** Voice, rate, pitch, volume and auto-read (§3 "Voice settings", §5 sliders, §9 defaults). */
export function VoiceSettings({ n }: { n: NarrationApi }) {
  const voices = useVoices();
  const voiceId = useId();
  const autoId = useId();
  const s = n.settings;
  const set = (patch: Partial<NarrationSettings>) => n.update(patch);
  const known = s.voice === null || voices.some((v) => v.name === s.voice);
  return (
    <Card className="space-y-6">
      <div className="space-y-1">
        <CardTitle>Voice settings</CardTitle>
        <p className="text-muted">
          {n.member ? 'Saved to your account, so every device you sign in on sounds the same.' : 'Saved on this device. Log in to keep them on every device.'}
        </p>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={voiceId} className="block text-sm font-semibold text-wine-900">
          Voice
        </label>
        <select
          id={voiceId}
          value={s.voice ?? ''}
          onChange={(e) => set({ voice: e.target.value === '' ? null : e.target.value })}
          className="block min-h-12 w-full rounded-2xl border-2 border-wine-100 bg-white px-4 py-3 text-base text-ink focus:border-wine-500 focus:outline-none"
        >
          <option value="">Default (first English voice)</option>
          {!known && s.voice && <option value={s.voice}>{s.voice} (not on this device)</option>}
          {voices.map((v) => (
            <option key={`${v.name}-${v.lang}`} value={v.name}>
              {v.name} ({v.lang})
            </option>
          ))}
        </select>
      </div>
      <Slider label="Speech rate" field="rate" value={s.rate} format={times} onChange={(rate) => set({ rate })} />
      <Slider label="Pitch" field="pitch" value={s.pitch} format={(v) => v.toFixed(1)} onChange={(pitch) => set({ pitch })} />
      <Slider label="Volume" field="volume" value={s.volume} format={percent} onChange={(volume) => set({ volume })} />
      <div className="flex items-start gap-3">
        <input
          id={autoId}
          type="checkbox"
          checked={s.autoRead}
          onChange={(e) => set({ autoRead: e.target.checked })}
          className="mt-1 size-6 shrink-0 accent-wine-700"
        />
        <label htmlFor={autoId} className="text-ink">
          <span className="block font-semibold text-wine-900">Auto-read</span>
          Read each page&apos;s overview aloud when it opens (with narration on).
        </label>
      </div>
    </Card>
  );
}

/** Type anything and hear it with the current settings; blank text cannot be spoken (§5). */
export function SpeakTest({ n }: { n: NarrationApi }) {
  const [text, setText] = useState('');
  const id = useId();
  return (
    <Card className="space-y-4">
      <CardTitle>Demo and test</CardTitle>
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          n.narrator?.say(text);
        }}
      >
        <div className="space-y-1.5">
          <label htmlFor={id} className="block text-sm font-semibold text-wine-900">
            Text to speak
          </label>
          <textarea
            id={id}
            rows={3}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Type something to hear it in your chosen voice"
            className="block w-full rounded-2xl border-2 border-wine-100 bg-white px-4 py-3 text-base text-ink placeholder:text-muted focus:border-wine-500 focus:outline-none"
          />
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={!isSpeakable(text)}>
            <Volume2 aria-hidden={true} className="size-5" />
            Speak
          </Button>
          <Button variant="outline" onClick={() => n.narrator?.say('Round 2: talk to Priya at table 3. 1 minute left.')}>
            Hear a sample
          </Button>
        </div>
      </form>
    </Card>
  );
}
