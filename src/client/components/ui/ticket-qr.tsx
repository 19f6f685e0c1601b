import { useEffect, useState } from 'react';
import { cn } from './cn';

/**
 * The QR library loads with the first QR drawn (the box keeps its size meanwhile), not with every
 * page that may show one: a ticket shows its QR only until its guest is checked in.
 */
const loadDrawer = () => import('./ticket-qr-svg').then((m) => m.ticketQrSvg);

/**
 * A ticket's QR code (what the door's scanner reads: `SFTICKET:` and the code), drawn in the browser
 * from the code the page already has, so it still shows when the network drops. Dark modules on
 * white with a quiet zone, big enough to scan from a phone in a dim bar.
 */
export function TicketQr({ ticketCode, size = 240, className }: { ticketCode: string; size?: number; className?: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadDrawer()
      .then((draw) => draw(ticketCode))
      .then((s) => live && setSvg(s))
      .catch(() => live && setSvg(null));
    return () => {
      live = false;
    };
  }, [ticketCode]);
  return (
    <figure className={cn('flex flex-col items-center gap-2', className)}>
      <div
        role="img"
        aria-label={`Ticket QR code for ticket ${ticketCode}`}
        className="rounded-2xl bg-white p-2 ring-1 ring-stone-200 [&>svg]:block [&>svg]:size-full"
        style={{ width: size, height: size }}
        // The SVG is generated here from the ticket code by the qrcode library, never from user input.
        dangerouslySetInnerHTML={svg ? { __html: svg } : undefined}
      />
      <figcaption className="text-center">
        <span className="block text-sm text-muted">Ticket code</span>
        <span className="font-mono text-xl font-bold tracking-wider text-ink">{ticketCode}</span>
      </figcaption>
    </figure>
  );
}
