/**
 * The part of `qrcode` the browser code uses. @types/qrcode pulls in Node's types (it also types the
 * Node entry), which would let client code use `process` or `Buffer` unnoticed; src/client/tsconfig.json
 * maps `qrcode` here so the client is type-checked with the DOM only (docs/decisions/0055).
 */
type ErrorCorrectionLevel = 'L' | 'M' | 'Q' | 'H';
interface QRCodeColors {
  dark?: string;
  light?: string;
}
interface QRCodeOptions {
  errorCorrectionLevel?: ErrorCorrectionLevel;
  margin?: number;
  width?: number;
  color?: QRCodeColors;
}
interface QRCodeModules {
  size: number;
  data: Uint8Array;
  get(row: number, col: number): number;
}
declare const QRCode: {
  create(text: string, options?: QRCodeOptions): { modules: QRCodeModules; version: number };
  toString(text: string, options: QRCodeOptions & { type: 'svg' }): Promise<string>;
  toDataURL(text: string, options?: QRCodeOptions): Promise<string>;
};
export default QRCode;
