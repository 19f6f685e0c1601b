/** The conversation guide (issue 36, docs/decisions/0081): a question for each pair, and the host's setting. */
export { RoundQuestion } from './components/round-question';
export { GuideSetting } from './components/guide-setting';
