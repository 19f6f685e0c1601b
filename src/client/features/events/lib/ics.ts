import type { Event } from '@shared/schemas/events';

const stamp = (iso: string) => new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
const text = (s: string) => s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/[,;]/g, (c) => `\\${c}`);

/** A one-event iCalendar file, as the ticket e-mail attaches, for 'Add to calendar'. */
export function eventIcs(e: Pick<Event, 'id' | 'title' | 'description' | 'date' | 'endsAt' | 'venue'>, url: string): string {
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Speed Friendship//Events//EN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:event-${e.id}@speedfriendship`,
    `DTSTAMP:${stamp(new Date().toISOString())}`,
    `DTSTART:${stamp(e.date)}`,
    `DTEND:${stamp(e.endsAt)}`,
    `SUMMARY:${text(e.title)}`,
    ...(e.description ? [`DESCRIPTION:${text(e.description)}`] : []),
    `LOCATION:${text(e.venue)}`,
    `URL:${url}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** Save the evening as an .ics file through a temporary blob link. */
export function downloadIcs(e: Parameters<typeof eventIcs>[0]) {
  const blob = new Blob([eventIcs(e, `${location.origin}/events/${e.id}`)], { type: 'text/calendar;charset=utf-8' });
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = `speed-friendship-${e.id}.ics`;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
