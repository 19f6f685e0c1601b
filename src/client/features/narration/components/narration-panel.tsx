import { BookOpen, MessageSquareText, SlidersHorizontal, ToggleRight } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, CardTitle } from '@client/components/ui/card';
import { useNarration } from '@client/lib/use-narration';
import { PANEL_UNSUPPORTED_TEXT, PANEL_UNSUPPORTED_TITLE } from '../lib/texts';
import { NarrationControls, SpeakTest, VoiceSettings } from './controls';
import { NarrationTabs, UnsupportedCard, usePageNarration } from './narration-tabs';
import { ShortcutHelp } from './shortcut-help';

type Tab = 'controls' | 'settings' | 'demo' | 'guide';

const OVERVIEW =
  'Accessibility. Voice narration reads the evening aloud: whom to talk to each round, the time left, host messages, and the demos. Use the Controls tab to turn it on, the Settings tab to choose a voice, speed, pitch and volume, and the Demo and test tab to hear them.';

function Guide() {
  return (
    <Card className="space-y-4">
      <CardTitle>How to use voice narration</CardTitle>
      <ol className="list-decimal space-y-3 pl-6 text-ink">
        <li>Turn narration on in the Controls tab. It stays on for this device, and for your account when you are logged in.</li>
        <li>Pick a voice and a comfortable speed, pitch and volume in Settings, then try them in Demo and test.</li>
        <li>
          On the night, keep the{' '}
          <Link to="/timer" className="font-semibold text-wine-700 underline underline-offset-2">
            round timer
          </Link>{' '}
          or your event page open: you will hear whom to talk to and at which table, 5 minutes, 1 minute and 30 seconds left, when to switch, and every message
          from your host.
        </li>
        <li>
          Try the sample profiles and match results on the{' '}
          <Link to="/voice-narration" className="font-semibold text-wine-700 underline underline-offset-2">
            voice narration demo
          </Link>
          .
        </li>
        <li>Pause, skip or stop at any time; stopping also clears anything waiting to be read.</li>
      </ol>
    </Card>
  );
}

/** /accessibility (docs/spec/organiser-tools.md §2.13): controls, settings, a demo and test area and a usage guide. */
export function NarrationPanel() {
  const n = useNarration();
  const [tab, setTab] = useState<Tab>('controls');
  usePageNarration(n, OVERVIEW, () => setTab('guide'));

  if (!n.supported) return <UnsupportedCard title={PANEL_UNSUPPORTED_TITLE}>{PANEL_UNSUPPORTED_TEXT}</UnsupportedCard>;

  return (
    <NarrationTabs<Tab>
      label="Voice narration panel"
      tab={tab}
      onTab={setTab}
      tabs={[
        { value: 'controls', label: 'Controls', icon: ToggleRight, content: <NarrationControls n={n} /> },
        { value: 'settings', label: 'Settings', icon: SlidersHorizontal, content: <VoiceSettings n={n} /> },
        { value: 'demo', label: 'Demo & test', icon: MessageSquareText, content: <SpeakTest n={n} /> },
        {
          value: 'guide',
          label: 'Guide',
          icon: BookOpen,
          content: (
            <>
              <Guide />
              <ShortcutHelp />
            </>
          ),
        },
      ]}
    />
  );
}
