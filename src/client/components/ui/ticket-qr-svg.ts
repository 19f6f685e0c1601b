import QRCode from 'qrcode';
import { ticketQrText } from '@shared/schemas/door';

/** A ticket's QR code as SVG markup: what the door's scanner reads (`SFTICKET:` and the code), dark on white with a quiet zone. */
export function ticketQrSvg(ticketCode: string): Promise<string> {
  return QRCode.toString(ticketQrText(ticketCode), { type: 'svg', margin: 2, errorCorrectionLevel: 'M', color: { dark: '#000000', light: '#ffffff' } });
}
