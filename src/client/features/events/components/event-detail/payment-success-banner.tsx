import { CircleCheck, X } from 'lucide-react';
import { useSearchParams } from 'react-router';

/**
 * '?payment=success': the member has just paid (shown while they hold the place); dismissable, which
 * drops the param. The 'Payment Successful' toast has just said so, so this says what comes next.
 */
export function PaymentSuccessBanner() {
  const [params, setParams] = useSearchParams();
  if (params.get('payment') !== 'success') return null;
  const dismiss = () =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        for (const k of ['payment', 'payment_intent', 'payment_intent_client_secret', 'redirect_status']) next.delete(k);
        return next;
      },
      { replace: true },
    );
  return (
    <div role="status" className="mb-4 flex items-start gap-3 rounded-3xl bg-emerald-50 p-5 ring-1 ring-emerald-200">
      <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
      <div className="flex-1">
        <p className="font-bold text-emerald-900">You're in!</p>
        <p className="mt-1 text-emerald-900">We've emailed your ticket with its QR code and a calendar invite.</p>
      </div>
      <button
        type="button"
        onClick={dismiss}
        aria-label="Dismiss"
        className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-emerald-800 hover:bg-emerald-100"
      >
        <X aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
