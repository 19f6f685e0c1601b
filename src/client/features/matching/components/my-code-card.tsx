import { QrCode } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Card, CardTitle } from '@client/components/ui/card';
import { connectPayload } from '../lib/connect-code';

/** The guest's own QR code (SFCONNECT:<eventId>:<code>) and their personal code in big type. */
export function MyCodeCard({ eventId, personalCode }: { eventId: number; personalCode: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const payload = connectPayload(eventId, personalCode);

  useEffect(() => {
    let cancelled = false;
    // Dark on white with a quiet zone: what phone cameras read best, even in a dim bar.
    QRCode.toDataURL(payload, { errorCorrectionLevel: 'M', margin: 2, width: 480, color: { dark: '#2b1d1f', light: '#ffffff' } })
      .then((url) => !cancelled && setSrc(url))
      .catch(() => !cancelled && setSrc(null));
    return () => {
      cancelled = true;
    };
  }, [payload]);

  return (
    <Card>
      <CardTitle className="flex items-center gap-2">
        <QrCode aria-hidden="true" className="size-6 text-wine-600" />
        Your code
      </CardTitle>
      <p className="mt-1 text-muted">Let the person you're talking to scan this, or read your code out to them.</p>
      <div className="mt-4 flex flex-col items-center gap-4">
        <div className="rounded-3xl bg-white p-2 ring-2 ring-wine-100">
          {src ? (
            <img
              src={src}
              alt={`QR code for your personal code ${personalCode.split('').join(' ')}`}
              width={240}
              height={240}
              className="size-60 rounded-2xl"
            />
          ) : (
            <div className="size-60 animate-pulse rounded-2xl bg-wine-50" aria-hidden="true" />
          )}
        </div>
        <div className="text-center">
          <p className="text-sm font-semibold tracking-wide text-muted uppercase">Personal code</p>
          <p className="mt-1 pl-[0.2em] font-mono text-5xl font-bold tracking-[0.2em] text-wine-900 tabular-nums">{personalCode}</p>
        </div>
      </div>
    </Card>
  );
}
