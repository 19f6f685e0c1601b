import { zodResolver } from '@hookform/resolvers/zod';
import * as Tabs from '@radix-ui/react-tabs';
import { Camera, Check, Info, KeyRound, ListChecks, ScanLine, Search, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { quickRatingBody } from '@shared/schemas/matching';
import type { ConnectionsState, QuickRatingBody } from '@shared/schemas/matching';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { TextField } from '@client/components/ui/field';
import { messageOf } from '@client/lib/api';
import { ScannerDialog } from './scanner-dialog';

/** The code field follows the server's own rule (non-empty, at most 12 characters). */
const codeForm = z.object({ code: quickRatingBody.shape.code.unwrap() });

const trigger =
  'inline-flex min-h-11 flex-1 items-center justify-center gap-1.5 rounded-xl px-2 text-sm font-semibold text-wine-800 transition-colors hover:bg-white/60 data-[state=active]:bg-white data-[state=active]:text-wine-900 data-[state=active]:shadow-sm sm:text-base';

/** Search appears once the guest list is long enough to need it. */
const SEARCH_FROM = 7;

/**
 * Log a conversation three ways: scan their QR code, enter their code, or pick them from the
 * checked-in guests. Only during an active round; a guest already logged cannot be picked again.
 */
export function LogConnectionCard({
  eventId,
  state,
  canLog,
  blockedReason,
  busy,
  onLog,
}: {
  eventId: number;
  state: ConnectionsState;
  canLog: boolean;
  /** Why logging is closed right now (shown instead of silently disabled controls). */
  blockedReason: string | null;
  busy: boolean;
  /** Sends the log; rejects with the server's error. */
  onLog: (input: QuickRatingBody) => Promise<void>;
}) {
  // Start Chat on /badges arrives with `with=ID`: the list, with that guest first.
  const [params] = useSearchParams();
  const chosen = Number(params.get('with')) || null;
  const [tab, setTab] = useState(chosen && state.attendees.some((a) => a.id === chosen) ? 'list' : 'scan');
  const [scanning, setScanning] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** Arrived at the code tab from a failed camera: put the cursor in the field. */
  const [focusCode, setFocusCode] = useState(false);
  const disabled = !canLog || busy;

  const send = async (input: QuickRatingBody) => {
    setError(null);
    try {
      await onLog(input);
    } catch (err) {
      setError(messageOf(err, "We couldn't log that connection. Please try again."));
    }
  };

  return (
    <Card>
      <CardTitle className="flex items-center gap-2">
        <UserPlus aria-hidden="true" className="size-6 text-wine-600" />
        Log a connection
      </CardTitle>
      <p className="mt-1 text-muted">Who are you talking to? Scan their code, type it in, or pick them from the list.</p>

      {blockedReason && (
        <p className="mt-4 flex items-start gap-2 rounded-2xl bg-apricot-100 p-4 font-medium text-wine-900">
          <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-apricot-700" />
          {blockedReason}
        </p>
      )}

      {error && (
        <p role="alert" className="mt-4 rounded-2xl bg-red-50 p-4 font-medium text-red-800 ring-1 ring-red-200">
          {error}
        </p>
      )}

      <Tabs.Root
        value={tab}
        onValueChange={(v) => {
          setTab(v);
          setError(null);
          setFocusCode(false);
        }}
        className="mt-4"
      >
        <Tabs.List aria-label="How to log a connection" className="flex gap-1 rounded-2xl bg-wine-100/70 p-1">
          <Tabs.Trigger value="scan" className={trigger}>
            <ScanLine aria-hidden="true" className="size-5" />
            Scan
          </Tabs.Trigger>
          <Tabs.Trigger value="code" className={trigger}>
            <KeyRound aria-hidden="true" className="size-5" />
            Code
          </Tabs.Trigger>
          <Tabs.Trigger value="list" className={trigger}>
            <ListChecks aria-hidden="true" className="size-5" />
            List
          </Tabs.Trigger>
        </Tabs.List>

        <Tabs.Content value="scan" className="mt-4 rounded-2xl focus-visible:outline-offset-4">
          <Button size="lg" block disabled={disabled} onClick={() => setScanning(true)}>
            <Camera aria-hidden="true" className="size-6" />
            Scan their QR code
          </Button>
          <p className="mt-2 text-center text-sm text-muted">Uses your camera only while the scanner is open.</p>
          <ScannerDialog
            open={scanning}
            onOpenChange={setScanning}
            eventId={eventId}
            onCode={(code) => void send({ code, method: 'qr' })}
            onUseCode={() => {
              setFocusCode(true);
              setTab('code');
            }}
          />
        </Tabs.Content>

        <Tabs.Content value="code" className="mt-4 rounded-2xl focus-visible:outline-offset-4">
          <CodeForm autoFocus={focusCode} disabled={disabled} onSubmit={(code) => onLog({ code, method: 'code' })} />
        </Tabs.Content>

        <Tabs.Content value="list" className="mt-4 rounded-2xl focus-visible:outline-offset-4">
          <AttendeePicker state={state} chosen={chosen} disabled={disabled} onPick={(id) => void send({ ratedId: id, method: 'list' })} />
        </Tabs.Content>
      </Tabs.Root>
    </Card>
  );
}

function CodeForm({ autoFocus, disabled, onSubmit }: { autoFocus: boolean; disabled: boolean; onSubmit: (code: string) => Promise<void> }) {
  const form = useForm({ resolver: zodResolver(codeForm), defaultValues: { code: '' } });
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await onSubmit(code.toUpperCase());
      form.reset();
    } catch (err) {
      form.setError('code', { message: messageOf(err, "We couldn't log that code. Please try again.") }, { shouldFocus: true });
    }
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        label="Their personal code"
        hint="The code under their QR code, for example A1B2C3."
        autoComplete="off"
        autoFocus={autoFocus}
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        maxLength={12}
        className="[&_input]:font-mono [&_input]:text-2xl [&_input]:tracking-[0.15em] [&_input]:uppercase"
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <Button type="submit" size="lg" block disabled={disabled || form.formState.isSubmitting}>
        {form.formState.isSubmitting ? 'Logging…' : 'Log connection'}
      </Button>
    </form>
  );
}

function AttendeePicker({
  state,
  chosen,
  disabled,
  onPick,
}: {
  state: ConnectionsState;
  chosen: number | null;
  disabled: boolean;
  onPick: (id: number) => void;
}) {
  const [query, setQuery] = useState('');
  const logged = new Set(state.connections.map((c) => c.participantId));
  const q = query.trim().toLowerCase();
  const shown = state.attendees.filter((a) => !q || a.name.toLowerCase().includes(q)).sort((a, b) => Number(b.id === chosen) - Number(a.id === chosen));

  if (state.attendees.length === 0)
    return <p className="rounded-2xl bg-wine-50 p-4 text-center text-ink">No other guests have checked in yet. They'll appear here as they arrive.</p>;

  return (
    <div className="space-y-3">
      {state.attendees.length >= SEARCH_FROM && (
        <div className="relative">
          <label htmlFor="attendee-search" className="sr-only">
            Search guests
          </label>
          <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted" />
          <input
            id="attendee-search"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search guests"
            autoComplete="off"
            className="block min-h-12 w-full rounded-2xl border-2 border-wine-100 bg-white py-3 pr-4 pl-11 text-base text-ink placeholder:text-muted focus:border-wine-500 focus:outline-none"
          />
        </div>
      )}
      <ul className="divide-y divide-wine-100 overflow-hidden rounded-2xl ring-1 ring-wine-100" aria-label="Checked-in guests">
        {shown.map((a) => {
          const done = logged.has(a.id);
          return (
            <li key={a.id}>
              <button
                type="button"
                disabled={disabled || done}
                onClick={() => onPick(a.id)}
                className={cn(
                  'flex min-h-14 w-full items-center gap-3 px-4 py-2 text-left transition-colors',
                  done ? 'bg-wine-50/60' : 'bg-white hover:bg-wine-50 disabled:cursor-not-allowed',
                  a.id === chosen && !done && 'bg-apricot-100 ring-2 ring-apricot-400 ring-inset',
                )}
              >
                <span
                  aria-hidden="true"
                  className="flex size-10 shrink-0 items-center justify-center rounded-full bg-apricot-100 font-display text-lg font-bold text-wine-800"
                >
                  {a.name.charAt(0).toUpperCase()}
                </span>
                <span className="min-w-0 flex-1 truncate text-lg font-semibold text-ink">
                  {!done && <span className="sr-only">Log conversation with </span>}
                  {a.name}
                  {done && <span className="sr-only">: already logged</span>}
                </span>
                {done ? (
                  <span aria-hidden="true" className="inline-flex items-center gap-1 text-sm font-semibold text-emerald-800">
                    <Check className="size-4" />
                    Logged
                  </span>
                ) : (
                  <span
                    aria-hidden="true"
                    className={cn('rounded-full px-3 py-1 text-sm font-semibold', disabled ? 'bg-stone-200 text-stone-700' : 'bg-wine-700 text-white')}
                  >
                    Log
                  </span>
                )}
              </button>
            </li>
          );
        })}
        {shown.length === 0 && <li className="bg-white p-4 text-center text-muted">No guest matches “{query.trim()}”.</li>}
      </ul>
    </div>
  );
}
