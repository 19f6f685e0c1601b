import { CircleAlert, Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { formatMoney } from '@client/lib/format';

/* The few parts of Stripe.js used here (loaded from js.stripe.com, so no npm package). */
interface StripeError {
  message?: string;
}
interface PaymentElement {
  mount(el: HTMLElement): void;
  destroy(): void;
  on(event: 'ready', handler: () => void): void;
}
interface StripeElements {
  create(type: 'payment', options?: { layout?: 'tabs' | 'accordion' }): PaymentElement;
}
interface StripeInstance {
  elements(options: { clientSecret: string; appearance?: unknown }): StripeElements;
  confirmPayment(options: {
    elements: StripeElements;
    redirect: 'if_required';
    confirmParams: { return_url: string };
  }): Promise<{ error?: StripeError; paymentIntent?: { id: string; status: string } }>;
}
type StripeFactory = (publishableKey: string) => StripeInstance;

let loading: Promise<StripeFactory> | null = null;

/** Inject https://js.stripe.com/v3/ once, only when the Stripe provider is in use. */
function loadStripe(): Promise<StripeFactory> {
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const w = window as unknown as { Stripe?: StripeFactory };
    if (w.Stripe) return resolve(w.Stripe);
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3/';
    script.async = true;
    script.onload = () => (w.Stripe ? resolve(w.Stripe) : reject(new Error('Stripe did not load')));
    script.onerror = () => {
      script.remove();
      loading = null;
      reject(new Error('Stripe did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Our theme for the Payment Element. */
const appearance = {
  theme: 'stripe',
  variables: { colorPrimary: '#7a2e3b', colorText: '#2b1d1f', colorDanger: '#b91c1c', borderRadius: '16px', fontSizeBase: '16px' },
};

/** Stripe's Payment Element for the intent's client secret; confirms without leaving the page when it can. */
export function StripePaymentForm({
  clientSecret,
  publishableKey,
  amount,
  returnUrl,
  disabled,
  onPaid,
}: {
  clientSecret: string;
  publishableKey: string;
  amount: number;
  returnUrl: string;
  disabled: boolean;
  onPaid: (paymentIntentId: string) => Promise<void>;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: StripeInstance; elements: StripeElements } | null>(null);
  const [ready, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let element: PaymentElement | null = null;
    let gone = false;
    loadStripe()
      .then((factory) => {
        if (gone || !mountRef.current) return;
        const stripe = factory(publishableKey);
        const elements = stripe.elements({ clientSecret, appearance });
        element = elements.create('payment', { layout: 'tabs' });
        element.on('ready', () => setReady(true));
        element.mount(mountRef.current);
        stripeRef.current = { stripe, elements };
      })
      .catch(() => !gone && setLoadFailed(true));
    return () => {
      gone = true;
      element?.destroy();
      stripeRef.current = null;
      setReady(false);
    };
  }, [clientSecret, publishableKey]);

  const pay = async () => {
    const s = stripeRef.current;
    if (!s) return;
    setBusy(true);
    setFailure(null);
    try {
      const { error, paymentIntent } = await s.stripe.confirmPayment({
        elements: s.elements,
        redirect: 'if_required',
        confirmParams: { return_url: returnUrl },
      });
      if (error || !paymentIntent || (paymentIntent.status !== 'succeeded' && paymentIntent.status !== 'processing')) {
        const msg = error?.message ?? 'Your payment could not be completed. Please try again.';
        setFailure(msg);
        toast.error('Payment Failed', { description: msg });
        return;
      }
      toast.success('Payment Successful', { description: "You're registered. Your ticket is on its way to your inbox." });
      await onPaid(paymentIntent.id);
    } finally {
      setBusy(false);
    }
  };

  if (loadFailed) {
    return (
      <p role="alert" className="flex items-start gap-2 rounded-2xl bg-red-50 p-4 font-medium text-red-800 ring-1 ring-red-200">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        The payment form could not load. Please check your connection, then reload the page.
      </p>
    );
  }

  return (
    <form
      aria-label="Card payment"
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        void pay();
      }}
    >
      {!ready && <Spinner label="Loading the payment form" />}
      <div ref={mountRef} />
      {failure && (
        <p role="alert" className="flex items-start gap-2 rounded-2xl bg-red-50 p-4 font-medium text-red-800 ring-1 ring-red-200">
          <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          {failure}
        </p>
      )}
      <Button type="submit" size="lg" block disabled={disabled || !ready || busy}>
        <Lock aria-hidden="true" className="size-5" />
        {busy ? 'Processing…' : `Pay ${formatMoney(amount)}`}
      </Button>
    </form>
  );
}
