/**
 * What the desk calls the device it runs on, in "saved on this phone": a phone is a phone, a
 * laptop or tablet at the door is "this device" (issue 32). The browser's own answer where it gives
 * one (User-Agent Client Hints), else its user agent.
 */
export function thisDevice(nav: Pick<Navigator, 'userAgent'> & { userAgentData?: { mobile?: boolean } } = navigator): string {
  const mobile = nav.userAgentData?.mobile ?? /\b(Mobi|iPhone|iPod)\b|Android.+Mobile/i.test(nav.userAgent);
  return mobile ? 'this phone' : 'this device';
}
