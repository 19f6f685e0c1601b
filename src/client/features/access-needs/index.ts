/** What would help a guest on the night (docs/decisions/0086-access-needs-at-booking.md): composed into the evening page by app/. */
export { AccessNeedsCard } from './components/access-needs-card';
