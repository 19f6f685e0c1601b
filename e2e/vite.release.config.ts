import { mergeConfig, type Plugin } from 'vite';
import base from '../vite.config';

/**
 * A release of the app for the journey with two builds (e2e/two-releases.spec.ts): the app as
 * vite.config.ts builds it, with RELEASE_MARK after the name in the header of every screen and in
 * a comment at the top of every chunk, so each release's files (and their hashed names) are its own.
 */
const mark = process.env.RELEASE_MARK ?? 'R1';

const markHeader: Plugin = {
  name: 'release-mark',
  enforce: 'pre',
  transform(code, id) {
    if (!id.endsWith('/src/client/app/layout.tsx')) return null;
    return code.replace('<span>Speed Friendship</span>', `<span>Speed Friendship ${mark}</span>`);
  },
};

export default mergeConfig(base, {
  plugins: [markHeader],
  build: { rolldownOptions: { output: { postBanner: `/* release ${mark} */` } } },
});
