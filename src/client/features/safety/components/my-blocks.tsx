import { ShieldBan } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { messageOf } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { useBlock, useMyBlocks } from '../api/safety';

/** On /profile: the people the member blocked, each with Unblock (docs/decisions/0041). */
export function MyBlocks() {
  const blocks = useMyBlocks();
  const change = useBlock();
  const unblock = (userId: number, name: string) =>
    change.mutate(
      { userId, blocked: false },
      {
        onSuccess: () => toast.success(`${name} is unblocked`),
        onError: (err) => toast.error('Could not unblock', { description: messageOf(err, 'Please try again.') }),
      },
    );
  return (
    <Card>
      <CardTitle>
        <span className="flex items-center gap-2">
          <ShieldBan aria-hidden="true" className="size-5 text-wine-700" />
          People you blocked
        </span>
      </CardTitle>
      <p className="mt-1 text-sm text-muted">
        You are never seated with them, and neither of you sees the other in previews, badges or groups. They are not told.
      </p>
      {blocks.isPending ? (
        <Spinner label="Loading your blocks" />
      ) : !blocks.data || blocks.data.blocks.length === 0 ? (
        <p className="mt-3">You haven't blocked anyone.</p>
      ) : (
        <ul className="mt-3 divide-y divide-wine-100">
          {blocks.data.blocks.map((b) => (
            <li key={b.userId} className="flex items-center justify-between gap-3 py-3">
              <div>
                <p className="font-semibold text-wine-900">{b.name}</p>
                <p className="text-sm text-muted">Blocked {formatDate(b.blockedAt, 'long')}</p>
              </div>
              <Button variant="outline" size="sm" disabled={change.isPending} onClick={() => unblock(b.userId, b.name)}>
                Unblock<span className="sr-only"> {b.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
