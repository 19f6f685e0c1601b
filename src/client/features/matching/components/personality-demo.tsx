import { Info } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { compatibilityLabel, demoMatchesFor, PERSONALITY_DEMO_PEOPLE, sharedInterests } from '@shared/domain/matching';
import { Avatar } from '@client/components/ui/avatar';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { InterestChips } from './person';
import { ScorePill, ScoreRow, scoreTextClass } from './score';

type DemoPerson = (typeof PERSONALITY_DEMO_PEOPLE)[number];

const TRAITS: { key: keyof DemoPerson['personalityTraits']; label: string }[] = [
  { key: 'creative', label: 'Creative' },
  { key: 'adventurous', label: 'Adventurous' },
  { key: 'social', label: 'Social' },
  { key: 'analytical', label: 'Analytical' },
];

const style = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * /personality-demo (docs/spec/organiser-tools.md §2.12): pick one of five fictional people and see whom the
 * personality algorithm ranks highest for them (scores of 60 or more, best first).
 */
export function PersonalityDemo() {
  const [params, setParams] = useSearchParams();
  const fromUrl = Number(params.get('person'));
  const person = PERSONALITY_DEMO_PEOPLE.find((p) => p.id === fromUrl) ?? PERSONALITY_DEMO_PEOPLE[0]!;
  const matches = useMemo(() => demoMatchesFor(person.id), [person.id]);
  const legendId = useId();

  const choose = (id: number) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set('person', String(id));
        return next;
      },
      { replace: true },
    );

  return (
    <div className="grid gap-8 lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start">
      <div className="space-y-6 lg:sticky lg:top-20">
        <fieldset>
          <legend id={legendId} className="mb-3 text-xl font-bold text-wine-900">
            Choose a person
          </legend>
          <div className="grid grid-cols-2 gap-2 lg:grid-cols-1">
            {PERSONALITY_DEMO_PEOPLE.map((p) => (
              <label
                key={p.id}
                className={cn(
                  'flex min-h-16 cursor-pointer items-center gap-3 rounded-2xl border-2 px-3 py-2 transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-apricot-500',
                  p.id === person.id ? 'border-wine-700 bg-wine-50' : 'border-wine-100 bg-white hover:border-wine-300',
                )}
              >
                <input type="radio" name="demo-person" value={p.id} checked={p.id === person.id} onChange={() => choose(p.id)} className="sr-only" />
                <Avatar name={p.name} size="sm" />
                <span className="min-w-0">
                  <span className="block font-semibold text-wine-900">{p.name}</span>
                  <span className="block text-sm text-muted">
                    {p.age} · {style(p.communicationStyle)}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <Card>
          <div className="flex items-center gap-3">
            <Avatar name={person.name} size="lg" />
            <div>
              <h2 className="text-2xl font-bold text-wine-900">{person.name}</h2>
              <p className="text-muted">
                Age {person.age} · {style(person.communicationStyle)} communicator
              </p>
            </div>
          </div>
          <dl className="mt-5 space-y-3">
            {TRAITS.map((t) => {
              const v = person.personalityTraits[t.key];
              return (
                <div key={t.key} className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1">
                  <dt className="text-sm font-medium text-ink">{t.label}</dt>
                  <dd className="row-span-2 self-center text-sm font-bold text-wine-900 tabular-nums">{v}/10</dd>
                  <dd aria-hidden="true" className="h-2 overflow-hidden rounded-full bg-wine-50">
                    <span className="block h-full rounded-full bg-wine-500" style={{ width: `${v * 10}%` }} />
                  </dd>
                </div>
              );
            })}
          </dl>
          <div className="mt-5">
            <InterestChips interests={person.interests} label={`${person.name}'s interests`} />
          </div>
        </Card>
      </div>

      <section aria-labelledby="demo-matches" className="min-w-0 space-y-4">
        <div>
          <h2 id="demo-matches" className="text-2xl font-bold text-wine-900">
            Best matches for {person.name}
          </h2>
          <p className="mt-1 text-muted">Ranked by the personality algorithm. Only scores of 60% or more are shown.</p>
        </div>

        <p role="status" className="sr-only">
          {matches.length === 0 ? `No strong matches for ${person.name}` : `${matches.length} matches for ${person.name}, best first`}
        </p>
        <div>
          {matches.length === 0 ? (
            <p className="rounded-3xl border border-dashed border-wine-200 bg-white/70 p-6 text-center text-ink">
              No strong personality matches found for {person.name}. The algorithm maintains high standards for psychological compatibility!
            </p>
          ) : (
            <ol className="space-y-4" aria-label={`Matches for ${person.name}, best first`}>
              {matches.map((m, i) => {
                const rows = [
                  { label: 'Personality (60%)', value: m.personalityScore },
                  { label: 'Communication (25%)', value: m.communicationScore },
                  { label: 'Age (10%)', value: m.ageCompatibilityScore },
                  { label: 'Interests (5%)', value: m.interestScore },
                ].filter((r): r is { label: string; value: number } => r.value !== null);
                const shared = sharedInterests(person, m.person);
                return (
                  <li key={m.person.id}>
                    <Card>
                      <div className="flex items-start gap-3">
                        <span
                          aria-hidden="true"
                          className={cn(
                            'inline-flex size-9 shrink-0 items-center justify-center rounded-full font-display text-lg font-bold',
                            i === 0 ? 'bg-wine-700 text-white' : 'bg-wine-50 text-wine-800',
                          )}
                        >
                          {i + 1}
                        </span>
                        <div className="min-w-0 flex-1">
                          <h3 className="text-xl leading-tight font-bold text-wine-900">
                            <span className="sr-only">{i + 1}. </span>
                            {m.person.name}
                          </h3>
                          <p className="text-muted">
                            Age {m.person.age} · {style(m.person.communicationStyle)}
                          </p>
                        </div>
                        <div className="shrink-0 text-center">
                          <ScorePill value={m.overall} size="lg" />
                          <p className={cn('mt-1 rounded-full px-2 py-0.5 text-xs font-bold', scoreTextClass(m.overall))}>{compatibilityLabel(m.overall)}</p>
                        </div>
                      </div>
                      <dl className="mt-4 grid gap-3 sm:grid-cols-2 sm:gap-x-6">
                        {rows.map((r) => (
                          <ScoreRow key={r.label} label={r.label} value={r.value} />
                        ))}
                      </dl>
                      <p className="mt-4 text-sm text-ink">
                        <span className="font-semibold">Shared interests: </span>
                        {shared.length ? shared.join(', ') : 'none, but opposites can attract'}
                      </p>
                    </Card>
                  </li>
                );
              })}
            </ol>
          )}
        </div>

        <div className="flex items-start gap-3 rounded-2xl bg-apricot-100 p-4 text-sm text-wine-900">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>
            Demo people are fictional. Each trait scores 100 minus 10 per point of difference (social: 85 minus 8); communication styles score 85 when the same,
            90 when adjacent and 60 when opposite; an age gap of 3 years or less scores 100.
          </p>
        </div>
      </section>
    </div>
  );
}
