import { Toaster } from 'sonner';
import { TOAST } from '@shared/domain/constants';

/** Toasts (spec: one at a time, 5 s, swipe right, F8). Loaded after the first paint. */
export default function AppToaster() {
  return (
    <Toaster
      position="top-center"
      visibleToasts={TOAST.max}
      duration={TOAST.durationMs}
      hotkey={[TOAST.hotkey]}
      swipeDirections={['right']}
      richColors
      closeButton
      toastOptions={{ className: 'text-base' }}
    />
  );
}
