/** Event feedback (/feedback): the emoji widget for any event page, and the feedback screen with its tabs. */
export { EmojiFeedback, REACTION_PENDING, REACTION_THANKS } from './components/emoji-feedback';
export { FeedbackScreen, NoFeedbackEvening, type FeedbackViewer } from './components/feedback-screen';
