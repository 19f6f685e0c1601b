/** The door: the host's check-in desk (/check-in, docs/spec/organiser-tools.md §2.19). */
export { CheckInDesk } from './components/check-in-desk';
export { DoorEventPicker } from './components/door-event-picker';
