/** The live evening: the shared round timer, whom to talk to, and the host's screens. */
export { LiveTimer } from './components/live-timer';
export { MyRoundCard, roundSentence } from './components/my-round-card';
export { AccessCard } from './components/access-card';
export { TimerScreen, TimerFrame } from './components/timer-screen';
export { HostConsole } from './components/host-console';
export { EventPicker } from './components/event-picker';
export { LiveDashboard } from './components/live-dashboard';
export { useLiveTimer } from './hooks/use-live-timer';
