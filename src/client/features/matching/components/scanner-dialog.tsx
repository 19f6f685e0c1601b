import { CameraOff, KeyRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@client/components/ui/dialog';
import { useQrScanner } from '../hooks/use-qr-scanner';
import { readConnectPayload } from '../lib/connect-code';

/**
 * Scan another guest's QR code with the back camera. The camera runs only while the dialog is
 * open and stops as soon as a code for this evening is read (or the dialog closes).
 */
export function ScannerDialog({
  open,
  onOpenChange,
  eventId,
  onCode,
  onUseCode,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  eventId: number;
  onCode: (code: string) => void;
  /** The camera cannot be used: switch to typing their code. */
  onUseCode: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Scan their code" description="Hold their QR code inside the frame. We'll log them as soon as it's read." closeLabel="Close scanner">
        {open && (
          <ScannerBody
            eventId={eventId}
            onCode={(code) => {
              onOpenChange(false);
              onCode(code);
            }}
            onUseCode={() => {
              onOpenChange(false);
              onUseCode();
            }}
          />
        )}
        <DialogClose asChild>
          <Button variant="outline" block className="mt-5">
            Cancel
          </Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}

/** Mounted with the dialog's content, so the <video> exists before the camera starts. */
function ScannerBody({ eventId, onCode, onUseCode }: { eventId: number; onCode: (code: string) => void; onUseCode: () => void }) {
  const [hint, setHint] = useState<string | null>(null);
  const lastHint = useRef('');
  const scanner = useQrScanner((text) => {
    const read = readConnectPayload(text, eventId);
    if (read.kind === 'ok') {
      onCode(read.code);
      return true;
    }
    const message =
      read.kind === 'other-event'
        ? "That code is for a different evening. Ask them to open tonight's page."
        : "That isn't a Speed Friendship code. Try their code on this page.";
    if (lastHint.current !== message) {
      lastHint.current = message;
      setHint(message);
    }
    return false;
  });
  const failed = scanner.status === 'denied' || scanner.status === 'unavailable' || scanner.status === 'error';

  return (
    <div className="mt-4">
      {failed ? (
        <div role="alert" className="flex flex-col items-center gap-3 rounded-2xl bg-red-50 p-5 text-center ring-1 ring-red-200">
          <CameraOff aria-hidden="true" className="size-10 text-red-700" />
          <p className="font-semibold text-red-900">{scanner.status === 'denied' ? 'Camera access denied' : 'Camera not available'}</p>
          <p className="text-red-900">{scanner.message}</p>
          <Button variant="primary" block className="mt-1" onClick={onUseCode}>
            <KeyRound aria-hidden="true" className="size-5" />
            Enter their code instead
          </Button>
        </div>
      ) : (
        <>
          <div className="relative mx-auto aspect-square w-full max-w-80 overflow-hidden rounded-2xl bg-ink">
            <video ref={scanner.videoRef} muted playsInline aria-label="Camera preview" className="size-full object-cover" />
            {/* A frame to aim with. */}
            <div
              aria-hidden="true"
              className="pointer-events-none absolute inset-[12%] rounded-2xl border-4 border-apricot-300/90 shadow-[0_0_0_999px_rgba(43,29,31,0.35)]"
            />
            {scanner.status === 'starting' && <p className="absolute inset-x-0 bottom-3 text-center text-sm font-semibold text-cream">Starting camera…</p>}
          </div>
          <p role="status" className="mt-3 min-h-6 text-center text-sm font-medium text-ink">
            {hint ?? (scanner.status === 'scanning' ? 'Looking for a code…' : '')}
          </p>
        </>
      )}
    </div>
  );
}
