/** The room's messages: the host's messaging screen (/messaging) and the guest's notifications (/notifications). */
export { MessagingPage, MessagingScreen, HostEventPicker } from './components/messaging-screen';
export { NotificationsPage, NotificationsScreen } from './components/notifications-screen';
