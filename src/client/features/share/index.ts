/** The share generator (/share, docs/spec/organiser-tools.md §2.1 with §2.29). */
export { ShareScreen } from './components/share-screen';
export type { ShareViewer } from './components/share-analytics';
