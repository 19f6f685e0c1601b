import { z } from 'zod';

/** Digits only, grouped in fours: '4242424242424242' → '4242 4242 4242 4242' (at most 19 digits). */
export const formatCardNumber = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** Digits as MM/YY: the slash appears once the year starts. */
export function formatExpiry(v: string) {
  const d = v.replace(/\D/g, '').slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** The test card form, checked before sending; the provider has the last word (Luhn, declines). */
export const testCardForm = z.object({
  cardNumber: z
    .string()
    .transform((v) => v.replace(/\D/g, ''))
    .pipe(z.string().min(1, 'Enter your card number').min(12, 'Your card number is incomplete.')),
  expiry: z
    .string()
    .min(1, 'Enter the expiry date')
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Enter the expiry date as MM/YY')
    .refine((v) => {
      const [m, y] = v.split('/').map(Number) as [number, number];
      const now = new Date();
      return Date.UTC(2000 + y, m, 1) > now.getTime();
    }, "Your card's expiration date is in the past."),
  cvc: z
    .string()
    .min(1, 'Enter the security code')
    .regex(/^\d{3,4}$/, "Your card's security code is incomplete."),
});
export type TestCardInput = z.input<typeof testCardForm>;
export type TestCardValues = z.output<typeof testCardForm>;
