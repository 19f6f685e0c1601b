import { expectAccessible, newMember, ok } from './helpers';
import { expect, test } from './fixtures';

/**
 * Voice narration (docs/spec/organiser-tools.md §2.13): a member's settings are saved to their
 * account and come back from the server after a reload, even over a different copy on the device.
 */

// A headless browser may have no voices installed: offer two (the list only, nothing is spoken here).
const voicesScript = () => {
  const synth = window.speechSynthesis;
  if (!synth) return;
  const real = synth.getVoices.bind(synth);
  const fake = [
    { name: 'Daniel', lang: 'en-GB', voiceURI: 'Daniel', default: false, localService: true },
    { name: 'Samantha', lang: 'en-US', voiceURI: 'Samantha', default: true, localService: true },
  ];
  synth.getVoices = () => {
    const list = real();
    return list.length > 0 ? list : (fake as unknown as SpeechSynthesisVoice[]);
  };
};

test('a member changes the rate and voice on /accessibility, and they persist from the server', async ({ browser }) => {
  test.setTimeout(90_000);
  const member = await newMember(browser, 'Nadia');
  const page = member.page;
  await page.addInitScript(voicesScript);

  await page.goto('/accessibility');
  await expect(page.getByRole('heading', { name: 'Voice Narration', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Controls' })).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);

  await page.getByRole('tab', { name: 'Settings' }).click();
  const voice = page.getByRole('combobox', { name: 'Voice' });
  const voiceName = await voice.locator('option').nth(1).getAttribute('value');
  expect(voiceName).toBeTruthy();
  await expectAccessible(page);

  const saved = page.waitForResponse(
    (r) => r.url().endsWith('/api/me/narration') && r.request().method() === 'PUT' && (r.request().postData() ?? '').includes('"voice":'),
  );
  await page.getByRole('slider', { name: 'Speech rate' }).fill('1.5');
  await voice.selectOption(voiceName!);
  await expect(page.getByText('1.5×')).toBeVisible();
  expect((await saved).ok()).toBe(true);
  await expect
    .poll(async () => (await ok<{ settings: { rate: number; voice: string | null }; saved: boolean }>(await page.request.get('/api/me/narration'))).settings)
    .toMatchObject({ rate: 1.5, voice: voiceName });

  // The device forgets (or holds something else): the account's copy wins after a reload.
  await page.evaluate(() =>
    localStorage.setItem('narrationSettings', JSON.stringify({ enabled: false, voice: null, rate: 0.5, pitch: 1, volume: 0.8, autoRead: false })),
  );
  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('slider', { name: 'Speech rate' })).toHaveValue('1.5');
  await expect(page.getByText('1.5×')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Voice' })).toHaveValue(voiceName!);

  // The demo page: sample people, a demo that asks for narration first, and the controls.
  await page.goto('/voice-narration');
  await expect(page.getByRole('heading', { name: 'Voice Narration Demo', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Sample profiles' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: "Play Maya's profile" }).click();
  await expect(page.getByText('Enable voice narration in the Controls tab to run demos')).toBeVisible();
  await page.keyboard.press('h');
  await expect(page.getByRole('heading', { name: 'Keyboard shortcuts' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Controls' }).click();
  await expect(page.getByRole('slider', { name: 'Speech rate' })).toHaveValue('1.5');
  await expectAccessible(page);
});
