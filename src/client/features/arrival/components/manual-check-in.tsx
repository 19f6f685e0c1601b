import { ChevronDown, QrCode, ShieldCheck, UserRound } from 'lucide-react';
import { TicketQr } from '@client/components/ui/ticket-qr';

const STEPS = [
  { icon: QrCode, title: 'Show your QR code at the entrance', text: 'Your ticket is below. Turn your screen brightness up.' },
  { icon: UserRound, title: 'Or give your name to the staff', text: 'They will find you on the guest list.' },
  { icon: ShieldCheck, title: 'Staff check you in', text: 'And you are ready for the first round.' },
] as const;

/**
 * The manual check-in guide (docs/spec/organiser-tools.md §2.21, denied): three steps and the
 * guest's own ticket QR, drawn from the code the page already holds, so it still shows offline.
 */
export function ManualCheckIn({ ticketCode }: { ticketCode: string }) {
  return (
    <div className="space-y-5">
      <ol className="space-y-3" aria-label="How to check in manually">
        {STEPS.map(({ icon: Icon, title, text }, i) => (
          <li key={title} className="flex items-start gap-3 rounded-2xl bg-wine-50 p-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-wine-700 text-lg font-bold text-white" aria-hidden="true">
              {i + 1}
            </span>
            <span>
              <span className="flex items-center gap-2 font-semibold text-wine-900">
                <Icon aria-hidden="true" className="size-5 text-wine-700" />
                {title}
              </span>
              <span className="block text-muted">{text}</span>
            </span>
          </li>
        ))}
      </ol>
      <TicketQr ticketCode={ticketCode} size={256} />
    </div>
  );
}

/** The ticket QR folded away, for the door's scanner when location tracking is on. */
export function TicketDisclosure({ ticketCode }: { ticketCode: string }) {
  return (
    <details className="group rounded-2xl border-2 border-wine-100">
      <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-2 rounded-2xl px-4 font-semibold text-wine-800 hover:bg-wine-50 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-2">
          <QrCode aria-hidden="true" className="size-5" />
          Show my ticket
        </span>
        <ChevronDown aria-hidden="true" className="size-5 transition-transform group-open:rotate-180" />
      </summary>
      <div className="px-4 pt-1 pb-4">
        <p className="mb-3 text-center text-muted">Staff at the door can scan this to check you in.</p>
        <TicketQr ticketCode={ticketCode} size={240} />
      </div>
    </details>
  );
}
