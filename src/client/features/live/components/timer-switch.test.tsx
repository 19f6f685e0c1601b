import { act, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { timerMessage, timerState } from '@client/test/fake-socket';
import type { JustMet } from './timer-screen';
import { fakePhone, openTimer, registerTimerScreenHooks } from './timer-screen.fixtures';

registerTimerScreenHooks();

describe('one minute and 30 seconds left', () => {
  test('each is seen, heard, felt and spoken once, as the time crosses it', async () => {
    const phone = fakePhone();
    await openTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 64 }));
    expect(screen.queryByTestId('time-warning')).not.toBeInTheDocument();
    expect(phone.beeps).toHaveLength(0);

    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.getByTestId('time-warning')).toHaveTextContent('1 minute left');
    expect(phone.beeps).toEqual([800]);
    expect(phone.vibrate).toHaveBeenCalledWith([200, 100, 200]);
    expect(screen.getAllByRole('status', { hidden: true }).some((el) => el.textContent === '1 minute left.')).toBe(true);

    // Shown for six seconds, sounded once.
    act(() => vi.advanceTimersByTime(7_000));
    expect(screen.queryByTestId('time-warning')).not.toBeInTheDocument();
    expect(phone.beeps).toEqual([800]);

    act(() => vi.advanceTimersByTime(22_000));
    expect(screen.getByTestId('time-warning')).toHaveTextContent('30 seconds left');
    expect(phone.beeps).toEqual([800, 800]);
    expect(phone.vibrate.mock.calls.filter(([p]) => JSON.stringify(p) === '[200,100,200]')).toHaveLength(2);
  });

  test('nothing for the time found on arrival, or a paused round', async () => {
    const phone = fakePhone();
    const { ws } = await openTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 45 }));
    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.queryByTestId('time-warning')).not.toBeInTheDocument();
    ws.push(timerMessage('timer_paused', { phase: 'paused', currentRound: 1, secondsLeft: 43 }));
    act(() => vi.advanceTimersByTime(20_000));
    expect(screen.queryByTestId('time-warning')).not.toBeInTheDocument();
    expect(phone.beeps).toHaveLength(0);
  });

  test('with sound and vibration off the warning is still seen', async () => {
    localStorage.setItem('sf:bell:sound', 'off');
    localStorage.setItem('sf:bell:vibration', 'off');
    const phone = fakePhone();
    await openTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 62 }));
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByTestId('time-warning')).toHaveTextContent('1 minute left');
    expect(phone.beeps).toHaveLength(0);
    expect(phone.vibrate).not.toHaveBeenCalled();
  });
});

describe('Time to Switch!', () => {
  test('when the round ends: who is next, with vibration and beeps, until Got it', async () => {
    const phone = fakePhone();
    const { ws, user } = await openTimer(timerState({ phase: 'active', currentRound: 2, secondsLeft: 5 }));
    expect(await screen.findByText('You sit out this round')).toBeInTheDocument();

    ws.push(timerMessage('grace_started', { phase: 'grace', currentRound: 2, secondsLeft: 60 }));
    const alert = screen.getByRole('alertdialog', { name: 'Time to Switch!' });
    expect(await within(alert).findByText('Next up: Round 3: talk to Sam at table 1')).toBeInTheDocument();
    expect(phone.vibrate).toHaveBeenCalledWith([300, 200, 300, 200, 300, 500]);
    expect(phone.beeps).toEqual([800]);

    act(() => vi.advanceTimersByTime(2_000));
    expect(phone.beeps).toHaveLength(3);
    expect(phone.vibrate.mock.calls.filter(([p]) => Array.isArray(p))).toHaveLength(2);

    await user.click(within(alert).getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(phone.vibrate).toHaveBeenLastCalledWith(0);
    const beeped = phone.beeps.length;
    act(() => vi.advanceTimersByTime(5_000));
    expect(phone.beeps).toHaveLength(beeped);
  });

  test('at the bell it offers the rating of the partner just met, not the next one', async () => {
    fakePhone();
    const rated: JustMet[] = [];
    const rateSlot = (met: JustMet) => (
      <button type="button" onClick={() => rated.push(met)}>
        Rate {met.partner.name} (round {met.round})
      </button>
    );
    const { ws, user } = await openTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 5 }), { rateSlot });
    expect(await screen.findByText(/^Round \d+: talk to/)).toHaveTextContent('Round 1: talk to Priya at table 3');
    ws.push(timerMessage('grace_started', { phase: 'grace', currentRound: 1, secondsLeft: 60 }));
    const alert = screen.getByRole('alertdialog', { name: 'Time to Switch!' });
    // Focus waits on Got it: a stray key press rates nobody.
    await vi.waitFor(() => expect(within(alert).getByRole('button', { name: 'Got it' })).toHaveFocus());
    await user.click(within(alert).getByRole('button', { name: 'Rate Priya (round 1)' }));
    expect(rated).toEqual([{ eventId: 5, userId: 1, round: 1, partner: { id: 11, name: 'Priya' } }]);
    expect(within(alert).getByRole('button', { name: 'Got it' })).toBeInTheDocument();
  });

  test('when the host cuts a round short, the rating offered is of the round that just ended', async () => {
    fakePhone();
    const rateSlot = (met: JustMet) => (
      <p>
        Rate {met.partner.name} (round {met.round})
      </p>
    );
    const { ws } = await openTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 120 }), { rateSlot });
    expect(await screen.findByText(/^Round \d+: talk to/)).toHaveTextContent('Round 1: talk to Priya at table 3');
    ws.push(timerMessage('timer_started', { phase: 'active', currentRound: 2, secondsLeft: 300 }));
    const alert = screen.getByRole('alertdialog', { name: 'Time to Switch!' });
    expect(within(alert).getByText('Rate Priya (round 1)')).toBeInTheDocument();
  });

  test('nothing to rate after sitting out, or for a guest not checked in', async () => {
    fakePhone();
    const rateSlot = (met: JustMet) => <p>Rate {met.partner.name}</p>;
    const { ws } = await openTimer(timerState({ phase: 'active', currentRound: 2, secondsLeft: 5 }), { rateSlot });
    expect(await screen.findByText('You sit out this round')).toBeInTheDocument();
    ws.push(timerMessage('grace_started', { phase: 'grace', currentRound: 2, secondsLeft: 60 }));
    const alert = screen.getByRole('alertdialog', { name: 'Time to Switch!' });
    expect(within(alert).queryByText(/^Rate /)).not.toBeInTheDocument();
  });

  test('goes away by itself after 20 seconds', async () => {
    fakePhone();
    const { ws } = await openTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 5 }));
    ws.push(timerMessage('round_complete', { phase: 'idle', currentRound: 1 }));
    expect(screen.getByRole('alertdialog', { name: 'Time to Switch!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(19_000));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test('a rating tapped at second 19 is not cut off: the overlay stays 5 s after the tap, then goes', async () => {
    fakePhone();
    const rateSlot = (met: JustMet) => <button type="button">Rate {met.partner.name}</button>;
    const { ws, user } = await openTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 5 }), { rateSlot });
    expect(await screen.findByText(/^Round \d+: talk to/)).toHaveTextContent('Round 1: talk to Priya at table 3');
    ws.push(timerMessage('grace_started', { phase: 'grace', currentRound: 1, secondsLeft: 60 }));
    const alert = screen.getByRole('alertdialog', { name: 'Time to Switch!' });
    act(() => vi.advanceTimersByTime(19_000));
    await user.click(within(alert).getByRole('button', { name: 'Rate Priya' }));
    act(() => vi.advanceTimersByTime(4_000));
    expect(screen.getByRole('alertdialog', { name: 'Time to Switch!' })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_500));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test('Escape closes it', async () => {
    fakePhone();
    const { ws, user } = await openTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 5 }));
    ws.push(timerMessage('round_complete', { phase: 'idle', currentRound: 1 }));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test('when the host moves on mid-round, it names the partner of the round that just began', async () => {
    fakePhone();
    const { ws } = await openTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 120 }));
    expect(await screen.findByText(/^Round \d+: talk to/)).toHaveTextContent('Round 1: talk to Priya at table 3');
    ws.push(timerMessage('timer_started', { phase: 'active', currentRound: 3, secondsLeft: 300 }));
    const alert = screen.getByRole('alertdialog', { name: 'Time to Switch!' });
    expect(await within(alert).findByText('Next up: Round 3: talk to Sam at table 1')).toBeInTheDocument();
  });

  test('resuming a paused round is not a switch', async () => {
    fakePhone();
    const { ws } = await openTimer(timerState({ phase: 'paused', currentRound: 1, secondsLeft: 100 }));
    ws.push(timerMessage('timer_update', { phase: 'active', currentRound: 1, secondsLeft: 100 }));
    expect(screen.getByText('Round 1')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test('a round starting after a break is not a switch', async () => {
    fakePhone();
    const { ws } = await openTimer(timerState({ phase: 'idle', currentRound: 1 }));
    ws.push(timerMessage('timer_started', { phase: 'active', currentRound: 2, secondsLeft: 300 }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  test('with the sound and the vibration turned off, the phone stays quiet and still, and stays so after a reload', async () => {
    const phone = fakePhone();
    const { ws, user, unmount } = await openTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 5 }));
    const sound = screen.getByRole('button', { name: 'Sound when it is time to switch' });
    const vibration = screen.getByRole('button', { name: 'Vibration when it is time to switch' });
    expect(sound).toHaveAttribute('aria-pressed', 'true');
    expect(vibration).toHaveAttribute('aria-pressed', 'true');

    await user.click(sound);
    await user.click(vibration);
    expect(sound).toHaveAttribute('aria-pressed', 'false');
    expect(vibration).toHaveAttribute('aria-pressed', 'false');
    const before = phone.beeps.length;

    ws.push(timerMessage('grace_started', { phase: 'grace', currentRound: 1, secondsLeft: 60 }));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(3_000));
    expect(phone.beeps).toHaveLength(before);
    expect(phone.vibrate.mock.calls.filter(([p]) => Array.isArray(p)).length).toBe(0);

    // The choice is kept on the phone: the next visit starts with both off.
    unmount();
    await openTimer(timerState({ phase: 'active', currentRound: 2, secondsLeft: 100 }));
    expect(screen.getByRole('button', { name: 'Sound when it is time to switch' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Vibration when it is time to switch' })).toHaveAttribute('aria-pressed', 'false');
  });

  test('sound off and vibration on: the bell buzzes without a beep', async () => {
    const phone = fakePhone();
    const { ws, user } = await openTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 5 }));
    await user.click(screen.getByRole('button', { name: 'Sound when it is time to switch' }));
    const before = phone.beeps.length;
    ws.push(timerMessage('grace_started', { phase: 'grace', currentRound: 1, secondsLeft: 60 }));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(phone.vibrate).toHaveBeenCalledWith([300, 200, 300, 200, 300, 500]);
    act(() => vi.advanceTimersByTime(3_000));
    expect(phone.beeps).toHaveLength(before);
  });

  test('turning the sound or the vibration back on plays a short test beep or buzz', async () => {
    const phone = fakePhone();
    const { user } = await openTimer(timerState({ phase: 'idle', currentRound: 0 }));
    const sound = screen.getByRole('button', { name: 'Sound when it is time to switch' });
    await user.click(sound);
    await user.click(sound);
    expect(sound).toHaveAttribute('aria-pressed', 'true');
    expect(phone.beeps).toContain(800);
    const vibration = screen.getByRole('button', { name: 'Vibration when it is time to switch' });
    await user.click(vibration);
    await user.click(vibration);
    expect(vibration).toHaveAttribute('aria-pressed', 'true');
    expect(phone.vibrate).toHaveBeenCalledWith(100);
  });

  test('a phone without sound or vibration still shows the alert', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { ws } = await openTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 5 }));
    ws.push(timerMessage('round_complete', { phase: 'idle', currentRound: 1 }));
    const alert = screen.getByRole('alertdialog', { name: 'Time to Switch!' });
    expect(await within(alert).findByText('Next up: You sit out this round')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('Audio not supported');
    log.mockRestore();
  });
});

test('full screen, where the browser allows it', async () => {
  const request = vi.fn(async function (this: Element) {
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: this });
    document.dispatchEvent(new Event('fullscreenchange'));
  });
  const exit = vi.fn(async () => {
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
    document.dispatchEvent(new Event('fullscreenchange'));
  });
  Object.defineProperty(document, 'fullscreenEnabled', { configurable: true, value: true });
  Object.defineProperty(document, 'fullscreenElement', { configurable: true, value: null });
  Object.defineProperty(document, 'exitFullscreen', { configurable: true, value: exit });
  Object.defineProperty(HTMLElement.prototype, 'requestFullscreen', { configurable: true, value: request });
  try {
    const { user } = await openTimer(timerState());
    await user.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(request).toHaveBeenCalledTimes(1);
    await user.click(await screen.findByRole('button', { name: 'Exit full screen' }));
    expect(exit).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Full screen' })).toBeInTheDocument();
  } finally {
    for (const k of ['fullscreenEnabled', 'fullscreenElement', 'exitFullscreen'] as const) delete (document as unknown as Record<string, unknown>)[k];
    delete (HTMLElement.prototype as unknown as Record<string, unknown>).requestFullscreen;
  }
});
