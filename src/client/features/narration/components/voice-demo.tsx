import { CalendarHeart, HeartHandshake, Keyboard, MessageCircle, Play, PlayCircle, ToggleRight, UserRound } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useNarration, type NarrationApi } from '@client/lib/use-narration';
import { DEMO_EVENT, DEMO_MATCH, DEMO_OVERVIEW, DEMO_PROFILES, eventSpeech, matchSpeech, profileSpeech } from '../lib/demo-data';
import { DEMO_SPACING_MS, DEMO_UNSUPPORTED_TEXT, ENABLE_FIRST, HELP_SPEECH } from '../lib/texts';
import { NarrationControls, VoiceSettings } from './controls';
import { NarrationTabs, UnsupportedCard, usePageNarration } from './narration-tabs';
import { ShortcutHelp } from './shortcut-help';

type Tab = 'demos' | 'controls';

/** Runs a demo: its messages 3 s apart (§9); a new demo or Stop cancels the rest. */
function useDemoRunner(n: NarrationApi, onOff: () => void) {
  const timers = useRef<number[]>([]);
  const cancel = () => {
    timers.current.forEach((t) => window.clearTimeout(t));
    timers.current = [];
  };
  // Stop (button, Ctrl+Shift+S) or anything read over the demo drops the messages still to come.
  const narrator = n.narrator;
  useEffect(() => {
    const off = narrator?.onStop(cancel);
    return () => {
      off?.();
      cancel();
    };
  }, [narrator]);
  return (messages: string[]) => {
    if (!n.settings.enabled) {
      onOff();
      return;
    }
    cancel();
    n.narrator?.clear();
    messages.forEach((m, i) => {
      if (i === 0) n.narrator?.speak(m);
      else
        timers.current.push(
          window.setTimeout(() => {
            timers.current.shift();
            n.narrator?.speak(m);
          }, i * DEMO_SPACING_MS),
        );
    });
  };
}

function PlayButton({ label, onPlay }: { label: string; onPlay(): void }) {
  return (
    <Button variant="secondary" onClick={onPlay} aria-label={label} className="shrink-0">
      <Play aria-hidden={true} className="size-5" />
      Play
    </Button>
  );
}

function Section({ icon: Icon, title, children }: { icon: typeof UserRound; title: string; children: ReactNode }) {
  return (
    <section className="space-y-3" aria-labelledby={`demo-${title.replace(/\W+/g, '-')}`}>
      <h2 id={`demo-${title.replace(/\W+/g, '-')}`} className="flex items-center gap-2 text-xl font-semibold text-wine-900">
        <Icon aria-hidden={true} className="size-5" />
        {title}
      </h2>
      {children}
    </section>
  );
}

function Score({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-2xl bg-wine-50 p-3 text-center">
      <p className="font-display text-2xl font-bold text-wine-800">{value}%</p>
      <p className="text-sm text-muted">{label}</p>
    </div>
  );
}

/** /voice-narration (docs/spec/organiser-tools.md §2.13): sample profiles, a match result and an evening, each read aloud on request. */
export function VoiceDemo() {
  const n = useNarration();
  const [tab, setTab] = useState<Tab>('demos');
  const [help, setHelp] = useState(false);
  const [notice, setNotice] = useState(false);
  const run = useDemoRunner(n, () => setNotice(true));
  usePageNarration(n, DEMO_OVERVIEW, () => setHelp((h) => !h));

  useEffect(() => {
    if (n.settings.enabled) setNotice(false);
  }, [n.settings.enabled]);

  if (!n.supported) return <UnsupportedCard>{DEMO_UNSUPPORTED_TEXT}</UnsupportedCard>;

  const demos = (
    <>
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => run([DEMO_OVERVIEW])}>
          <PlayCircle aria-hidden={true} className="size-5" />
          Page overview
        </Button>
        <Button
          variant="outline"
          aria-expanded={help}
          aria-controls="keyboard-help"
          onClick={() => {
            setHelp(true);
            if (n.settings.enabled) run([HELP_SPEECH]);
          }}
        >
          <Keyboard aria-hidden={true} className="size-5" />
          Keyboard help
        </Button>
      </div>
      <div aria-live="polite">
        {notice && !n.settings.enabled && (
          <p className="flex flex-wrap items-center gap-3 rounded-2xl border-2 border-apricot-200 bg-apricot-50 px-4 py-3 font-semibold text-wine-900">
            {ENABLE_FIRST}
            <Button size="sm" variant="outline" onClick={() => setTab('controls')}>
              Go to Controls
            </Button>
          </p>
        )}
      </div>
      {help && <ShortcutHelp id="keyboard-help" />}

      <Section icon={UserRound} title="Sample profiles">
        <ul className="grid gap-4 sm:grid-cols-3">
          {DEMO_PROFILES.map((p) => (
            <li key={p.id}>
              <Card className="flex h-full flex-col gap-3">
                <div className="flex items-start justify-between gap-3">
                  <div>
                    <h3 className="text-lg font-semibold text-wine-900">{p.name}</h3>
                    <p className="text-muted">Age {p.age}</p>
                  </div>
                  <PlayButton label={`Play ${p.name}'s profile`} onPlay={() => run([profileSpeech(p)])} />
                </div>
                <p className="text-ink">{p.bio}</p>
                <p className="flex items-center gap-2 text-sm text-ink">
                  <MessageCircle aria-hidden={true} className="size-4 text-wine-700" />
                  {p.communicationStyle}
                </p>
                <ul className="flex flex-wrap gap-2" aria-label={`${p.name}'s interests`}>
                  {p.interests.map((i) => (
                    <li key={i} className="rounded-full bg-apricot-100 px-3 py-1 text-sm font-semibold text-wine-900">
                      {i}
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          ))}
        </ul>
      </Section>

      <Section icon={HeartHandshake} title="Sample match result">
        <Card className="space-y-4">
          <div className="flex items-start justify-between gap-3">
            <div>
              <h3 className="text-lg font-semibold text-wine-900">
                {DEMO_MATCH.people[0]} &amp; {DEMO_MATCH.people[1]}
              </h3>
              <p className="text-muted">{DEMO_MATCH.overall}% overall</p>
            </div>
            <PlayButton label={`Play the match result for ${DEMO_MATCH.people.join(' and ')}`} onPlay={() => run([matchSpeech()])} />
          </div>
          <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Score label="Overall" value={DEMO_MATCH.overall} />
            <Score label="Personality" value={DEMO_MATCH.personality} />
            <Score label="Interests" value={DEMO_MATCH.interest} />
            <Score label="Communication" value={DEMO_MATCH.communication} />
          </div>
        </Card>
      </Section>

      <Section icon={CalendarHeart} title="Sample evening">
        <Card className="flex items-start justify-between gap-3">
          <div>
            <h3 className="text-lg font-semibold text-wine-900">{DEMO_EVENT.title}</h3>
            <p className="text-ink">{DEMO_EVENT.when}</p>
            <p className="text-muted">
              {DEMO_EVENT.rounds} rounds of {DEMO_EVENT.roundMinutes} minutes, with warnings at 5 minutes, 1 minute and 30 seconds
            </p>
          </div>
          <PlayButton label="Play the sample evening" onPlay={() => run(eventSpeech())} />
        </Card>
      </Section>
    </>
  );

  return (
    <NarrationTabs<Tab>
      label="Voice narration demo"
      tab={tab}
      onTab={setTab}
      tabs={[
        { value: 'demos', label: 'Demos', icon: PlayCircle, content: demos },
        {
          value: 'controls',
          label: 'Controls',
          icon: ToggleRight,
          content: (
            <>
              <NarrationControls n={n} />
              <VoiceSettings n={n} />
            </>
          ),
        },
      ]}
    />
  );
}
