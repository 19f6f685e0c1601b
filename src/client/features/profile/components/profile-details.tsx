import { Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import type { User } from '@shared/schemas/users';
import { formatDate, initials } from '@client/lib/format';

export function Avatar({ name }: { name: string }) {
  return (
    <div
      aria-hidden="true"
      className="flex size-20 shrink-0 items-center justify-center rounded-full bg-gradient-to-br from-wine-700 to-wine-500 font-display text-3xl font-bold text-white shadow-md ring-4 ring-apricot-100"
    >
      {initials(name)}
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 border-t border-wine-100 pt-5">
      <h3 className="text-lg font-semibold text-wine-900">{title}</h3>
      {children}
    </section>
  );
}

export function InterestTags({ interests }: { interests: string[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {interests.map((interest) => (
        <li key={interest} className="rounded-full bg-apricot-100 px-3.5 py-1.5 text-[0.9375rem] font-semibold text-wine-900">
          {interest}
        </li>
      ))}
    </ul>
  );
}

/** The read-only Profile Information: avatar, name, age, contact information, About Me, interests. */
export function ProfileDetails({ user }: { user: User }) {
  return (
    <div className="space-y-5">
      <div className="flex items-center gap-4">
        <Avatar name={user.name} />
        <div className="min-w-0">
          <p className="font-display text-2xl font-bold break-words text-wine-900">{user.name}</p>
          <p className="text-ink">{user.age} years old</p>
          <p className="text-sm text-muted">Member since {formatDate(user.createdAt, 'monthYear')}</p>
        </div>
      </div>

      <Section title="Contact information">
        <dl className="space-y-2">
          <div className="flex items-start gap-3">
            <dt className="mt-0.5 shrink-0">
              <Mail aria-hidden="true" className="size-5 text-wine-500" />
              <span className="sr-only">Email</span>
            </dt>
            <dd className="min-w-0 break-all text-ink">{user.email}</dd>
          </div>
          <div className="flex items-start gap-3">
            <dt className="mt-0.5 shrink-0">
              <Phone aria-hidden="true" className="size-5 text-wine-500" />
              <span className="sr-only">Phone</span>
            </dt>
            <dd className={user.contactInfo ? 'text-ink' : 'text-muted'}>{user.contactInfo ?? 'No phone number yet'}</dd>
          </div>
        </dl>
        <p className="text-sm text-muted">Only you, and the people you match with once contacts are shared, can see these.</p>
      </Section>

      <Section title="About Me">
        {user.bio ? (
          <p className="whitespace-pre-line break-words text-ink">{user.bio}</p>
        ) : (
          <p className="text-muted">Nothing here yet. A line or two about you makes the first hello easier.</p>
        )}
      </Section>

      <Section title="Interests">
        {user.interests.length > 0 ? (
          <InterestTags interests={user.interests} />
        ) : (
          <p className="text-muted">No interests yet. Add a few so your matches know what to chat about.</p>
        )}
      </Section>
    </div>
  );
}
