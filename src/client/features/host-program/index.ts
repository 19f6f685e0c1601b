/** The host programme (/host-program): overview, applications (admins), active hosts, apply. */
export { HostProgramPage, type HostProgramViewer } from './components/host-program-screen';
