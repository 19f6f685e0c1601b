/**
 * A phone whose socket closed connects again as the app's does: after 0.5 s, then twice as long
 * each time up to 10 s, until it connects or the test stops it. Used by the production journey
 * (journey-kit.ts) and the traffic beside it (traffic.ts).
 */
export async function connectAgain(stopped: () => boolean, connect: () => Promise<void>): Promise<void> {
  for (let attempt = 0; !stopped(); attempt++) {
    await new Promise((r) => setTimeout(r, Math.min(10_000, 500 * 2 ** attempt)));
    try {
      await connect();
      return;
    } catch {
      // Keep trying, as the phone does.
    }
  }
}
