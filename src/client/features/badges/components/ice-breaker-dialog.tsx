import { MessageCircleQuestion, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { iceBreakers } from '@shared/domain/ice-breakers';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogIcon, DialogTrigger } from '@client/components/ui/dialog';

/** Get Ice Breaker (docs/spec/organiser-tools.md §2.8, §9: five questions), from the interests both share when there are some. */
export function IceBreakerDialog({ name, personId, mine, theirs }: { name: string; personId: number; mine: readonly string[]; theirs: readonly string[] }) {
  const [round, setRound] = useState(0);
  const { shared, questions } = iceBreakers({ mine, theirs, seed: personId * 7919 + round });
  return (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="secondary" block aria-label={`Get Ice Breaker for ${name}`}>
          <MessageCircleQuestion aria-hidden="true" className="size-5" />
          Get Ice Breaker
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Ice breakers for ${name}`}
        description={shared.length > 0 ? `You both like ${listOf(shared)}.` : `Questions to get you talking with ${name}.`}
        icon={<DialogIcon icon={MessageCircleQuestion} />}
      >
        <ol className="mt-4 space-y-3" aria-label="Questions">
          {questions.map((q, i) => (
            <li key={q} className="flex gap-3 rounded-2xl bg-apricot-50 p-3 text-ink">
              <span aria-hidden="true" className="flex size-7 shrink-0 items-center justify-center rounded-full bg-wine-700 text-sm font-bold text-white">
                {i + 1}
              </span>
              <span>{q}</span>
            </li>
          ))}
        </ol>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Done</Button>
          </DialogClose>
          <Button onClick={() => setRound((r) => r + 1)}>
            <RefreshCw aria-hidden="true" className="size-5" />
            Other questions
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

const listOf = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`);
