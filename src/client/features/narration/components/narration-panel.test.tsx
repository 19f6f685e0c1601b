import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { DEFAULT_NARRATION, type NarrationSettings } from '@shared/schemas/narration';
import { resetNarrator } from '@client/lib/narration';
import { NARRATION_STORAGE_KEY, SAVE_DELAY_MS } from '@client/lib/use-narration';
import { fakeSpeech, noSpeech } from '@client/test/fake-speech';
import { fakeServer, renderAt, signIn } from '@client/test/render';
import { NarrationPanel } from './narration-panel';

afterEach(() => {
  vi.useRealTimers();
  resetNarrator();
});

const device = () => JSON.parse(localStorage.getItem(NARRATION_STORAGE_KEY) ?? 'null') as NarrationSettings | null;

async function openPanel() {
  const view = renderAt(<NarrationPanel />, { path: '/accessibility' });
  await screen.findByRole('tab', { name: 'Controls' });
  return view;
}

describe('/accessibility panel (docs/spec/organiser-tools.md §2.13)', () => {
  test("shows the spec's notice when the browser cannot speak", async () => {
    noSpeech();
    fakeServer({});
    renderAt(<NarrationPanel />);
    expect(await screen.findByText('Voice Narration Unavailable')).toBeInTheDocument();
    expect(screen.getByText("Your browser doesn't support speech synthesis. Please try a modern browser like Chrome, Firefox, or Safari.")).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  test('the sliders: rate 0.5-2, pitch 0.5-2, volume 0-1, each in steps of 0.1, with their values shown (§5, §9 defaults)', async () => {
    fakeSpeech();
    fakeServer({});
    const { user } = await openPanel();
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    const rate = screen.getByRole('slider', { name: 'Speech rate' });
    const pitch = screen.getByRole('slider', { name: 'Pitch' });
    const volume = screen.getByRole('slider', { name: 'Volume' });
    expect([rate.getAttribute('min'), rate.getAttribute('max'), rate.getAttribute('step')]).toEqual(['0.5', '2', '0.1']);
    expect([pitch.getAttribute('min'), pitch.getAttribute('max'), pitch.getAttribute('step')]).toEqual(['0.5', '2', '0.1']);
    expect([volume.getAttribute('min'), volume.getAttribute('max'), volume.getAttribute('step')]).toEqual(['0', '1', '0.1']);
    expect(rate).toHaveValue('1');
    expect(pitch).toHaveValue('1');
    expect(volume).toHaveValue('0.8');
    expect(screen.getByText('1.0×')).toBeInTheDocument();
    expect(screen.getByText('80%')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Auto-read/ })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Voice' })).toHaveValue('');
    expect(screen.getByRole('option', { name: 'Samantha (en-US)' })).toBeInTheDocument();
  });

  test("a visitor's settings are kept on the device, never sent to the server", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeSpeech();
    const server = fakeServer({});
    const { user } = await openPanel();
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    fireEvent.change(screen.getByRole('slider', { name: 'Speech rate' }), { target: { value: '1.5' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Voice' }), 'Daniel');
    expect(screen.getByText('1.5×')).toBeInTheDocument();
    expect(device()).toMatchObject({ rate: 1.5, voice: 'Daniel' });
    // Well past the delay after which a member's change is saved (the next test sees that save).
    await act(() => vi.advanceTimersByTimeAsync(10 * SAVE_DELAY_MS));
    expect(server.calls.filter((c) => c.url.pathname === '/api/me/narration')).toEqual([]);
  });

  test("a member's settings come from the server (its copy wins over the device's) and every change is saved there", async () => {
    fakeSpeech();
    signIn(1);
    localStorage.setItem(NARRATION_STORAGE_KEY, JSON.stringify({ ...DEFAULT_NARRATION, rate: 0.5 }));
    const saved: NarrationSettings = { ...DEFAULT_NARRATION, enabled: true, rate: 1.7, voice: 'Daniel' };
    const server = fakeServer({
      'GET /api/me/narration': { settings: saved, saved: true },
      'PUT /api/me/narration': (req: { body: unknown }) => ({ settings: req.body, saved: true }),
    });
    const { user } = await openPanel();
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    await waitFor(() => expect(screen.getByRole('slider', { name: 'Speech rate' })).toHaveValue('1.7'));
    expect(screen.getByRole('combobox', { name: 'Voice' })).toHaveValue('Daniel');
    expect(device()).toEqual(saved);
    expect(screen.getByText(/Saved to your account/)).toBeInTheDocument();

    fireEvent.change(screen.getByRole('slider', { name: 'Volume' }), { target: { value: '0.3' } });
    fireEvent.change(screen.getByRole('slider', { name: 'Pitch' }), { target: { value: '1.2' } });
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    // The two moves are saved once, together, after the sliders rest.
    expect(server.calls.find((c) => c.method === 'PUT')!.body).toEqual({ ...saved, volume: 0.3, pitch: 1.2 });
  });

  test("a member without a server copy uploads the device's settings", async () => {
    fakeSpeech();
    signIn(1);
    const mine = { ...DEFAULT_NARRATION, rate: 1.2 };
    localStorage.setItem(NARRATION_STORAGE_KEY, JSON.stringify(mine));
    const server = fakeServer({
      'GET /api/me/narration': { settings: DEFAULT_NARRATION, saved: false },
      'PUT /api/me/narration': (req: { body: unknown }) => ({ settings: req.body, saved: true }),
    });
    await openPanel();
    await waitFor(() => expect(server.calls.find((c) => c.method === 'PUT')?.body).toEqual(mine));
  });

  test('the switch turns narration on and off, and the queue can be paused, skipped and stopped', async () => {
    const speech = fakeSpeech();
    fakeServer({});
    const { user } = await openPanel();
    const toggle = screen.getByRole('switch', { name: 'Voice narration' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('Narration is off')).toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(device()?.enabled).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Demo & test' }));
    const speak = screen.getByRole('button', { name: 'Speak' });
    expect(speak).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Text to speak' }), '   ');
    expect(speak).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Text to speak' }), 'Hello there');
    expect(speak).toBeEnabled();
    await user.click(speak);
    expect(speech.texts()).toEqual(['Hello there']);

    await user.click(screen.getByRole('tab', { name: 'Controls' }));
    expect(screen.getByText('Speaking')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pause' }));
    expect(speech.synth.pause).toHaveBeenCalled();
    expect(screen.getByText('Paused')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    expect(speech.synth.resume).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(speech.synth.cancel).toHaveBeenCalled();
    expect(screen.getByText('Ready')).toBeInTheDocument();
  });

  test('P typed in the test field is a letter, not the pause shortcut', async () => {
    const speech = fakeSpeech();
    fakeServer({});
    localStorage.setItem(NARRATION_STORAGE_KEY, JSON.stringify({ ...DEFAULT_NARRATION, enabled: true }));
    const { user } = await openPanel();
    await user.click(screen.getByRole('tab', { name: 'Demo & test' }));
    await user.type(screen.getByRole('textbox', { name: 'Text to speak' }), 'Hop');
    await user.click(screen.getByRole('button', { name: 'Speak' }));
    await user.type(screen.getByRole('textbox', { name: 'Text to speak' }), 'p');
    expect(speech.synth.pause).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Text to speak' })).toHaveValue('Hopp');
    // Outside the field, P pauses.
    act(() => (document.activeElement as HTMLElement).blur());
    await user.keyboard('p');
    expect(speech.synth.pause).toHaveBeenCalledTimes(1);
  });
});
