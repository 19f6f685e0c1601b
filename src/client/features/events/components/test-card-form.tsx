import { zodResolver } from '@hookform/resolvers/zod';
import { CircleAlert, FlaskConical, Lock } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@client/components/ui/button';
import { TextField } from '@client/components/ui/field';
import { messageOf } from '@client/lib/api';
import { formatMoney } from '@client/lib/format';
import { useConfirmTestPayment } from '../api/tickets';
import { formatCardNumber, formatExpiry, testCardForm, type TestCardInput, type TestCardValues } from '../lib/card';

/** Which field a provider message is about, so it shows under that field too. */
function fieldOf(message: string): keyof TestCardInput | null {
  if (/card number/i.test(message)) return 'cardNumber';
  if (/expiration/i.test(message)) return 'expiry';
  if (/security code/i.test(message)) return 'cvc';
  return null;
}

/**
 * The built-in test provider's card form (no Stripe keys set). Confirms at
 * /api/payments/test/confirm; a decline comes back as the provider's message.
 */
export function TestCardForm({
  clientSecret,
  amount,
  disabled,
  onPaid,
}: {
  clientSecret: string;
  amount: number;
  disabled: boolean;
  onPaid: (paymentIntentId: string) => Promise<void>;
}) {
  const confirm = useConfirmTestPayment();
  const [failure, setFailure] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const form = useForm<TestCardInput, unknown, TestCardValues>({
    resolver: zodResolver(testCardForm),
    defaultValues: { cardNumber: '', expiry: '', cvc: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async ({ cardNumber, expiry, cvc }) => {
    setFailure(null);
    const [expMonth, expYear] = expiry.split('/').map(Number) as [number, number];
    let paymentIntentId: string;
    try {
      ({ paymentIntentId } = await confirm.mutateAsync({ clientSecret, cardNumber, expMonth, expYear: 2000 + expYear, cvc }));
    } catch (err) {
      const msg = messageOf(err, 'Your payment could not be completed. Please try again.');
      setFailure(msg);
      const field = fieldOf(msg);
      if (field) form.setError(field, { type: 'server', message: msg }, { shouldFocus: true });
      toast.error('Payment Failed', { description: msg });
      return;
    }
    toast.success('Payment Successful', { description: "You're registered. Your ticket is on its way to your inbox." });
    setFinishing(true);
    try {
      await onPaid(paymentIntentId);
    } finally {
      setFinishing(false);
    }
  });

  const busy = isSubmitting || finishing;

  return (
    <form onSubmit={submit} noValidate aria-label="Card payment" className="space-y-5">
      <div className="flex items-start gap-3 rounded-2xl bg-apricot-100 p-4 text-wine-900 ring-1 ring-apricot-200">
        <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-apricot-700" />
        <div>
          <p className="font-bold">Test mode: no real payment</p>
          <p className="mt-1 text-sm">
            Use card <span className="font-semibold whitespace-nowrap">4242 4242 4242 4242</span> with any future expiry date and any 3-digit CVC.
          </p>
        </div>
      </div>

      <Controller
        control={form.control}
        name="cardNumber"
        render={({ field }) => (
          <TextField
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            maxLength={23}
            error={errors.cardNumber?.message}
            {...field}
            onChange={(e) => field.onChange(formatCardNumber(e.target.value))}
          />
        )}
      />
      <div className="grid grid-cols-2 gap-4">
        <Controller
          control={form.control}
          name="expiry"
          render={({ field }) => (
            <TextField
              label="Expiry date"
              hint="MM/YY"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="MM/YY"
              maxLength={5}
              error={errors.expiry?.message}
              {...field}
              onChange={(e) => field.onChange(formatExpiry(e.target.value))}
            />
          )}
        />
        <Controller
          control={form.control}
          name="cvc"
          render={({ field }) => (
            <TextField
              label="CVC"
              hint="3 or 4 digits"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              maxLength={4}
              error={errors.cvc?.message}
              {...field}
              onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, 4))}
            />
          )}
        />
      </div>

      {failure && !fieldOf(failure) && (
        <p role="alert" className="flex items-start gap-2 rounded-2xl bg-red-50 p-4 font-medium text-red-800 ring-1 ring-red-200">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {failure}
        </p>
      )}

      <Button type="submit" size="lg" block disabled={disabled || busy}>
        <Lock aria-hidden="true" className="size-5" />
        {finishing ? 'Confirming your place…' : isSubmitting ? 'Processing…' : `Pay ${formatMoney(amount)}`}
      </Button>
    </form>
  );
}
