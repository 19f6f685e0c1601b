import { MapPin, Users, Wine } from 'lucide-react';
import { PEOPLE_LANDING, PRICE, ROUND_MINUTES } from '../content';
import { IconBubble, Nowrap } from './bits';

const NOTES = [
  { icon: MapPin, title: 'Cosy local venues', text: 'Events are held at cosy local venues in Prestwich, with room to talk and hear each other.' },
  { icon: Wine, title: `${PRICE} includes your first drink`, text: 'One price for the evening, with your first drink on us when you arrive.' },
  {
    icon: Users,
    title: `Meet ${PEOPLE_LANDING} people`,
    text: (
      <>
        You'll meet <Nowrap>{PEOPLE_LANDING} people</Nowrap> in relaxed <Nowrap>{ROUND_MINUTES}-minute</Nowrap> conversations, one at a time.
      </>
    ),
  },
] as const;

/** The three notes under the waitlist form. */
export function HomeNotes() {
  return (
    <section aria-labelledby="notes-title">
      <h2 id="notes-title" className="sr-only">
        Good to know
      </h2>
      <ul className="grid gap-4 sm:grid-cols-3">
        {NOTES.map(({ icon, title, text }) => (
          <li key={title} className="flex gap-4 rounded-3xl border border-wine-100 bg-white/70 p-5">
            <IconBubble icon={icon} />
            <div>
              <h3 className="text-lg font-semibold text-wine-900">{title}</h3>
              <p className="mt-1 text-muted">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
