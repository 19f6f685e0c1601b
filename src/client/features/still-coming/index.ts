/** "Still coming?" (docs/decisions/0074-still-coming.md): the e-mail's page, the guest's questions on /notifications, the host's counts. */
export { StillComingLinkScreen } from './components/still-coming-link-screen';
export { MyStillComing } from './components/my-still-coming';
export { StillComingCounts } from './components/still-coming-counts';
