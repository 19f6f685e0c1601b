import { Toaster } from 'sonner';
import { renderAt } from '@client/test/render';
import { aParticipant } from '../events.fixtures';
import { EventDetailScreen, type EventDetailSlots } from './event-detail-screen';

/** Shared by the event detail screen's test files (event-detail-*.test.tsx). */
export const ID = 3;
export const detailAt = (path = `/events/${ID}`, slots: EventDetailSlots = {}) =>
  renderAt(
    <>
      <Toaster />
      <EventDetailScreen eventId={ID} userId={1} {...slots} />
    </>,
    { path, pattern: '/events/:id' },
  );

export const guests = [
  aParticipant(1, 'Member One', { age: 31, interests: ['Hiking'] }),
  aParticipant(2, 'Priya Shah', { age: 29, interests: ['Art', 'Coffee', 'Travel', 'Dancing', 'Film', 'Yoga'] }),
];
