import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { venueHostBody } from '@shared/schemas/venues';
import { Button } from '@client/components/ui/button';
import { TextField } from '@client/components/ui/field';
import { messageOf } from '@client/lib/api';
import { useAddVenueHost, useRemoveVenueHost, useVenueHosts } from '../api/venues';

/**
 * Co-hosts of a venue: hosts its owner adds by e-mail, who may then edit the venue, its slots
 * and blocks (docs/decisions/0010 and docs/product.md). Shown to the owner and admins only.
 */
export function VenueHosts({ venueId, venueName }: { venueId: number; venueName: string }) {
  const hosts = useVenueHosts(venueId, true);
  const add = useAddVenueHost(venueId);
  const remove = useRemoveVenueHost(venueId);
  const form = useForm({ resolver: zodResolver(venueHostBody), defaultValues: { email: '' } });

  const submit = form.handleSubmit(({ email }) =>
    add.mutate(email, {
      onSuccess: () => {
        form.reset();
        toast.success('Co-host added', { description: `${email} can now edit ${venueName}.` });
      },
      onError: (err) => form.setError('email', { type: 'server', message: messageOf(err, 'Could not add that host. Please try again.') }),
    }),
  );

  return (
    <section aria-label={`Co-hosts of ${venueName}`} className="mt-4 rounded-2xl border border-wine-100 p-4">
      <h4 className="font-semibold text-wine-900">Co-hosts</h4>
      <p className="text-sm text-muted">Hosts you add here can edit this venue and its availability.</p>
      {hosts.isPending && <p className="mt-2 text-sm text-muted">Loading co-hosts…</p>}
      {hosts.isError && <p className="mt-2 text-sm text-red-700">{messageOf(hosts.error, "We couldn't load the co-hosts.")}</p>}
      {hosts.data && hosts.data.length === 0 && <p className="mt-2 text-sm text-muted">No co-hosts yet.</p>}
      {hosts.data && hosts.data.length > 0 && (
        <ul className="mt-2 divide-y divide-wine-100">
          {hosts.data.map((h) => (
            <li key={h.id} className="flex items-center justify-between gap-3 py-2">
              <span className="min-w-0">
                <span className="block font-medium break-words text-wine-900">{h.name}</span>
                <span className="block text-sm break-all text-muted">{h.email}</span>
              </span>
              <Button
                variant="ghost"
                size="sm"
                disabled={remove.isPending}
                onClick={() =>
                  remove.mutate(h.id, { onError: (err) => toast.error('Could not remove the co-host', { description: messageOf(err, 'Please try again.') }) })
                }
              >
                <X aria-hidden="true" className="size-4" />
                Remove<span className="sr-only"> {h.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={(e) => void submit(e)} noValidate className="mt-3 space-y-3">
        <TextField label="Add a host by e-mail" type="email" autoComplete="off" error={form.formState.errors.email?.message} {...form.register('email')} />
        <Button type="submit" size="sm" variant="secondary" disabled={add.isPending}>
          <UserPlus aria-hidden="true" className="size-4" />
          {add.isPending ? 'Adding…' : 'Add co-host'}
        </Button>
      </form>
    </section>
  );
}
