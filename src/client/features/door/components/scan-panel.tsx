import { zodResolver } from '@hookform/resolvers/zod';
import { Camera, CameraOff, CircleAlert, CloudCheck, CloudOff, Info, Keyboard, LoaderCircle, ScanLine, Square } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { scanBody, type DoorGuest, type ScanMethod } from '@shared/schemas/door';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { TextField } from '@client/components/ui/field';
import { messageOf } from '@client/lib/api';
import { formatTime } from '@client/lib/format';
import { useScanTicket } from '../api/door';
import { useDesk } from '../hooks/use-desk';
import { useQrCamera } from '../hooks/use-qr-camera';
import { thisDevice } from '../lib/device';
import { AccessNote } from './access-note';

/** What the last scan (or typed code) did. */
export type ScanResult =
  | { kind: 'pending' }
  | { kind: 'checked_in'; guest: DoorGuest }
  /** Checked in offline: counted, and sent when the connection is back (docs/decisions/0052). */
  | { kind: 'queued'; guest: DoorGuest }
  | { kind: 'already_checked_in'; guest: DoorGuest }
  | { kind: 'error'; message: string };

/** A short buzz for a welcome, a longer one for a problem (phones that can; the rest ignore it). */
function buzz(pattern: number | number[]) {
  try {
    navigator.vibrate?.(pattern);
  } catch {
    // Vibration is a nicety.
  }
}

/**
 * Scan tickets (docs/spec/organiser-tools.md §2.19, "a QR area"): the phone's back camera reads the
 * guest's ticket QR; a typed ticket code does the same. Each read is sent to the door's scan
 * endpoint and the answer shows in a large banner, colour and icon coded, announced to screen readers.
 */
export function ScanPanel({ eventId }: { eventId: number }) {
  const scan = useScanTicket(eventId);
  const desk = useDesk();
  const [result, setResult] = useState<ScanResult | null>(null);
  // A check-in saved offline says so until it has been sent, then that it was.
  const sent = result?.kind === 'queued' && !!desk?.wasSent(result.guest.userId);
  const busy = useRef(false);
  const area = useRef<HTMLDivElement>(null);
  const headingId = useId();

  const send = (code: string, method: ScanMethod) => {
    // One ticket at a time: a read while the last one is on its way waits for the next frame.
    if (busy.current) return false;
    busy.current = true;
    setResult({ kind: 'pending' });
    scan.mutate(
      { code, method },
      {
        onSuccess: (r) => {
          setResult({ kind: r.outcome, guest: r.guest });
          buzz(r.outcome === 'already_checked_in' ? [60, 60, 60] : 80);
        },
        onError: (err) => {
          setResult({ kind: 'error', message: messageOf(err, 'That ticket could not be checked in. Please try again.') });
          buzz([200, 100, 200]);
        },
        onSettled: () => {
          busy.current = false;
        },
      },
    );
    return true;
  };

  const camera = useQrCamera((text) => void send(text, 'scan'));
  // The camera and its answer in full view, clear of the sticky header and the phone's tab bar
  // (issue 22: on a phone the answer sat under the tab bar), when the camera opens and at each answer.
  const answered = result !== null && result.kind !== 'pending';
  useEffect(() => {
    if (camera.status === 'on' || answered) area.current?.scrollIntoView?.({ block: 'nearest' });
  }, [camera.status, answered, result]);

  return (
    <Card>
      <section aria-labelledby={headingId} className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={headingId} className="flex items-center gap-2 text-xl font-semibold text-wine-900">
            <ScanLine aria-hidden="true" className="size-6 text-wine-600" />
            Scan tickets
          </h2>
          {camera.status === 'on' && (
            <Button variant="outline" size="sm" onClick={camera.stop}>
              <Square aria-hidden="true" className="size-4" />
              Stop camera
            </Button>
          )}
        </div>

        {/* The answer lies over the camera's picture while it is on, else under it (one status region, so each answer is announced). */}
        <div ref={area} className="relative scroll-mt-20 scroll-mb-24 space-y-4 md:scroll-mb-4">
          <CameraArea camera={camera} />
          <ScanBanner result={result} over={camera.status === 'on'} sent={sent} />
        </div>
        <CodeForm onSubmit={(code) => send(code, 'code')} pending={scan.isPending} />
      </section>
    </Card>
  );
}

function CameraArea({ camera }: { camera: ReturnType<typeof useQrCamera> }) {
  const { status, videoRef, start } = camera;
  if (status === 'on') {
    return (
      <div className="relative overflow-hidden rounded-2xl bg-ink">
        {/* The camera's picture; what matters is read aloud in the banner below. */}
        <video ref={videoRef} aria-label="Camera view" className="aspect-[4/3] w-full object-cover" playsInline muted autoPlay />
        <div aria-hidden="true" className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <div className="size-3/5 max-h-[70%] rounded-3xl border-4 border-white/80 shadow-[0_0_0_9999px_rgba(0,0,0,0.25)]" />
        </div>
        <p className="absolute inset-x-0 bottom-0 bg-ink/70 px-4 py-2 text-center text-sm font-semibold text-white">
          Hold the ticket's QR code inside the frame
        </p>
      </div>
    );
  }
  if (status === 'denied' || status === 'unavailable') {
    return (
      <div role="alert" className="flex items-start gap-3 rounded-2xl bg-apricot-100 p-4 text-wine-900">
        <CameraOff aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
        <div className="space-y-3">
          <p className="font-semibold">
            {status === 'denied'
              ? 'Camera access was denied. Allow the camera for this site in your browser settings, or type the ticket code below.'
              : 'No camera is available here. Type the ticket code below, or find the guest by name.'}
          </p>
          <Button variant="outline" size="sm" onClick={() => void start()}>
            <Camera aria-hidden="true" className="size-4" />
            Try the camera again
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border-2 border-dashed border-wine-200 bg-cream px-4 py-6 text-center">
      <p className="text-muted">Point your phone's camera at the guest's ticket: each QR code read checks them in.</p>
      <Button size="lg" onClick={() => void start()} disabled={status === 'starting'}>
        {status === 'starting' ? (
          <LoaderCircle aria-hidden="true" className="size-5 motion-safe:animate-spin" />
        ) : (
          <Camera aria-hidden="true" className="size-5" />
        )}
        {status === 'starting' ? 'Starting the camera…' : 'Scan tickets'}
      </Button>
    </div>
  );
}

const TONE = {
  checked_in: 'bg-emerald-600 text-white',
  queued: 'bg-emerald-800 text-white',
  already_checked_in: 'bg-amber-300 text-ink',
  error: 'bg-red-700 text-white',
  pending: 'bg-wine-50 text-wine-900',
} as const;

/**
 * The answer to the last read, big: green for a welcome, amber for a second scan, red for a refusal.
 * `over`: laid over the top of the camera's picture (the camera is on), where the host is looking.
 */
export function ScanBanner({ result, over = false, sent = false }: { result: ScanResult | null; over?: boolean; sent?: boolean }) {
  return (
    // Always in the page, so every new answer inside it is announced.
    <div role="status" aria-live="polite" aria-atomic="true" data-over={over || undefined} className={cn(over && 'absolute inset-x-3 top-3 z-10')}>
      {result && (
        <div
          className={cn(
            'flex items-center rounded-2xl',
            over ? 'min-h-16 gap-3 px-4 py-3 shadow-lg ring-2 ring-white/80' : 'min-h-20 gap-4 px-5 py-4',
            TONE[result.kind],
          )}
        >
          {result.kind === 'queued' ? (
            <>
              {sent ? (
                <CloudCheck aria-hidden="true" className={cn('shrink-0', over ? 'size-8' : 'size-10')} />
              ) : (
                <CloudOff aria-hidden="true" className={cn('shrink-0', over ? 'size-8' : 'size-10')} />
              )}
              <p className="leading-tight break-words">
                <span className={cn('block font-bold', over ? 'text-xl' : 'text-2xl')}>{result.guest.name} checked in</span>
                <span className="block text-base font-semibold">
                  {sent ? 'Sent: the guest list has it now.' : `Saved on ${thisDevice()}: sent when the connection is back.`}
                </span>
              </p>
            </>
          ) : result.kind === 'checked_in' ? (
            <>
              <span
                aria-hidden="true"
                className={cn('flex shrink-0 items-center justify-center rounded-full bg-white/20 font-bold', over ? 'size-10 text-2xl' : 'size-12 text-3xl')}
              >
                ✓
              </span>
              <p className={cn('leading-tight font-bold break-words', over ? 'text-xl' : 'text-2xl')}>{result.guest.name} checked in</p>
            </>
          ) : result.kind === 'already_checked_in' ? (
            <>
              <Info aria-hidden="true" className="size-10 shrink-0" />
              <p className="text-xl leading-tight font-bold break-words">
                {result.guest.name} is already checked in{result.guest.checkedInAt ? ` (at ${formatTime(result.guest.checkedInAt)})` : ''}
              </p>
            </>
          ) : result.kind === 'error' ? (
            <>
              <CircleAlert aria-hidden="true" className="size-10 shrink-0" />
              <p className="text-xl leading-tight font-bold break-words">{result.message}</p>
            </>
          ) : (
            <>
              <LoaderCircle aria-hidden="true" className="size-8 shrink-0 motion-safe:animate-spin" />
              <p className="text-lg font-semibold">Checking the ticket…</p>
            </>
          )}
        </div>
      )}
      {/* What the guest said would help them, read out with the welcome (docs/decisions/0086). */}
      {result && 'guest' in result && result.guest.accessNeeds && <AccessNote note={result.guest.accessNeeds} className={cn(over && 'shadow-lg')} />}
    </div>
  );
}

/** Typing the code printed under the QR (a cracked screen, a paper ticket, no camera) works the same. */
function CodeForm({ onSubmit, pending }: { onSubmit: (code: string) => boolean; pending: boolean }) {
  const form = useForm({ resolver: zodResolver(scanBody), defaultValues: { code: '' } });
  const submit = form.handleSubmit(({ code }) => {
    if (onSubmit(code)) form.reset();
  });
  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="Check in by ticket code"
      className="flex flex-col gap-3 border-t border-wine-100 pt-4 sm:flex-row sm:items-start"
    >
      <TextField
        label={
          <span className="inline-flex items-center gap-1.5">
            <Keyboard aria-hidden="true" className="size-4" />
            Ticket code
          </span>
        }
        className="flex-1"
        autoComplete="off"
        autoCapitalize="off"
        autoCorrect="off"
        spellCheck={false}
        placeholder="The code under the guest's QR"
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <Button type="submit" size="lg" disabled={pending} className="sm:mt-7">
        Check in
      </Button>
    </form>
  );
}
