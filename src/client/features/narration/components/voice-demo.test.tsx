import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_NARRATION, type NarrationSettings } from '@shared/schemas/narration';
import { resetNarrator } from '@client/lib/narration';
import { NARRATION_STORAGE_KEY } from '@client/lib/use-narration';
import { fakeSpeech, noSpeech } from '@client/test/fake-speech';
import { fakeServer, renderAt } from '@client/test/render';
import { VoiceDemo } from './voice-demo';

afterEach(() => resetNarrator());

const device = () => JSON.parse(localStorage.getItem(NARRATION_STORAGE_KEY) ?? 'null') as NarrationSettings | null;
const narrationOn = (extra: Partial<NarrationSettings> = {}) =>
  localStorage.setItem(NARRATION_STORAGE_KEY, JSON.stringify({ ...DEFAULT_NARRATION, enabled: true, ...extra }));

async function openDemo() {
  const view = renderAt(<VoiceDemo />, { path: '/voice-narration' });
  await screen.findByRole('heading', { name: 'Sample profiles' });
  return view;
}

describe('/voice-narration demo page (docs/spec/organiser-tools.md §2.13)', () => {
  test("shows the demo page's notice when the browser cannot speak", async () => {
    noSpeech();
    fakeServer({});
    renderAt(<VoiceDemo />);
    expect(
      await screen.findByText('Voice narration is not supported in your current browser. Please try Chrome, Firefox, Safari, or Edge for the best experience.'),
    ).toBeInTheDocument();
  });

  test('profiles (name, age, bio, style, interests), a match with four scores and one evening, each with a play button', async () => {
    fakeSpeech();
    fakeServer({});
    await openDemo();
    expect(screen.getByRole('heading', { name: 'Maya' })).toBeInTheDocument();
    expect(screen.getByText('Age 29')).toBeInTheDocument();
    expect(screen.getByText('Warm and chatty')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: "Maya's interests" })).toHaveTextContent('baking');
    expect(screen.getByRole('heading', { name: 'Maya & Tom' })).toBeInTheDocument();
    for (const label of ['Overall', 'Personality', 'Interests', 'Communication']) expect(screen.getByText(label)).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Play / })).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Page overview' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keyboard help' })).toBeInTheDocument();
  });

  test('with narration off a demo does not run and says how to turn it on', async () => {
    const speech = fakeSpeech();
    fakeServer({});
    const { user } = await openDemo();
    await user.click(screen.getByRole('button', { name: "Play Maya's profile" }));
    expect(screen.getByText('Enable voice narration in the Controls tab to run demos')).toBeInTheDocument();
    expect(speech.synth.speak).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Go to Controls' }));
    await user.click(screen.getByRole('switch', { name: 'Voice narration' }));
    await user.click(screen.getByRole('tab', { name: 'Demos' }));
    expect(screen.queryByText('Enable voice narration in the Controls tab to run demos')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "Play Maya's profile" }));
    expect(speech.texts()).toEqual([
      'Maya, age 29. Primary-school teacher who bakes sourdough on Sundays and is always up for a board-game night. Communication style: Warm and chatty. Interests: baking, board games, hiking.',
    ]);
    await user.click(screen.getByRole('button', { name: 'Play the match result for Maya and Tom' }));
    expect(speech.texts()[1]).toBe(
      'Match result for Maya and Tom: 86 percent overall. Personality 88 percent, interests 72 percent, communication 90 percent.',
    );
  });

  test('the evening demo speaks its messages 3 s apart, with the 5 min, 1 min and 30 s warnings', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const speech = fakeSpeech();
    fakeServer({});
    narrationOn();
    const { user } = await openDemo();
    await user.click(screen.getByRole('button', { name: 'Play the sample evening' }));
    expect(speech.texts()).toHaveLength(1);
    act(() => void vi.advanceTimersByTime(2_900));
    expect(speech.synth.speak).toHaveBeenCalledTimes(1);
    speech.finish();
    act(() => void vi.advanceTimersByTime(200));
    expect(speech.texts()).toEqual([
      'Speed Friendship at The Cork & Barrel, Wednesday 14th May, 7:00 PM, at The Cork & Barrel wine bar. 8 rounds of 5 minutes.',
      'Round 1: talk to Tom at table 3.',
    ]);
    for (let i = 0; i < 4; i++) {
      speech.finish();
      act(() => void vi.advanceTimersByTime(3_000));
    }
    expect(speech.texts()).toHaveLength(6);
    expect(speech.texts().slice(2)).toEqual([
      '5 minutes left.',
      '1 minute left.',
      '30 seconds left.',
      'Round 1 complete! Time to switch. Please rate Tom before your next conversation.',
    ]);
  });

  test('stopping a demo drops the messages still to come', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const speech = fakeSpeech();
    fakeServer({});
    narrationOn();
    const { user } = await openDemo();
    await user.click(screen.getByRole('button', { name: 'Play the sample evening' }));
    await user.keyboard('{Control>}{Shift>}s{/Shift}{/Control}');
    act(() => void vi.advanceTimersByTime(20_000));
    expect(speech.texts()).toHaveLength(1);
  });

  describe('keyboard shortcuts', () => {
    test('Ctrl+Shift+V turns narration on and reads the overview, and turns it off again', async () => {
      const speech = fakeSpeech();
      fakeServer({});
      const { user } = await openDemo();
      await user.keyboard('{Control>}{Shift>}v{/Shift}{/Control}');
      expect(device()?.enabled).toBe(true);
      expect(speech.texts()[0]).toMatch(/^Voice narration demo\./);
      await user.keyboard('{Control>}{Shift>}v{/Shift}{/Control}');
      expect(device()?.enabled).toBe(false);
      expect(speech.synth.cancel).toHaveBeenCalled();
    });

    test('Ctrl+Shift+S stops, P pauses and resumes, H shows and reads the help', async () => {
      const speech = fakeSpeech();
      fakeServer({});
      narrationOn();
      const { user } = await openDemo();
      await user.click(screen.getByRole('button', { name: 'Page overview' }));
      expect(speech.texts()).toHaveLength(1);
      await user.keyboard('p');
      expect(speech.synth.pause).toHaveBeenCalledTimes(1);
      await user.keyboard('P');
      expect(speech.synth.resume).toHaveBeenCalledTimes(1);
      await user.keyboard('{Control>}{Shift>}s{/Shift}{/Control}');
      expect(speech.synth.cancel).toHaveBeenCalled();
      expect(speech.current).toBeNull();

      expect(screen.queryByRole('heading', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
      await user.keyboard('h');
      expect(screen.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
      expect(screen.getByText('Ctrl+Shift+S')).toBeInTheDocument();
      expect(speech.texts().at(-1)).toMatch(/^Keyboard help\./);
    });

    test('P and H do nothing while typing in a field', async () => {
      const speech = fakeSpeech();
      fakeServer({});
      narrationOn();
      const { user } = await openDemo();
      await user.click(screen.getByRole('button', { name: 'Page overview' }));
      await user.click(screen.getByRole('tab', { name: 'Controls' }));
      const voice = screen.getByRole('combobox', { name: 'Voice' });
      voice.focus();
      await user.keyboard('ph');
      expect(speech.synth.pause).not.toHaveBeenCalled();
      await user.click(screen.getByRole('tab', { name: 'Demos' }));
      expect(screen.queryByRole('heading', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    });
  });
});
