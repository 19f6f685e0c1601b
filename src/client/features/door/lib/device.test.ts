import { expect, test } from 'vitest';
import { thisDevice } from './device';

const PIXEL = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const TABLET = 'Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

test('a desk on a phone says "this phone"; on a laptop or a tablet, "this device"', () => {
  expect(thisDevice({ userAgent: PIXEL })).toBe('this phone');
  expect(thisDevice({ userAgent: IPHONE })).toBe('this phone');
  expect(thisDevice({ userAgent: LAPTOP })).toBe('this device');
  expect(thisDevice({ userAgent: TABLET })).toBe('this device');
  // The browser's own answer first, where it gives one.
  expect(thisDevice({ userAgent: PIXEL, userAgentData: { mobile: false } })).toBe('this device');
  expect(thisDevice({ userAgent: LAPTOP, userAgentData: { mobile: true } })).toBe('this phone');
});
