/** "Did you meet NAME again?" (docs/decisions/0083-met-again.md): the e-mail's page and the guest's questions on /notifications. */
export { MetAgainLinkScreen } from './components/met-again-link-screen';
export { MyMetAgain } from './components/my-met-again';
