import type { CSSProperties } from 'react';
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
      // Darker text than sonner's rich colours, for AA contrast on their pale backgrounds.
      style={{ '--success-text': '#14532d', '--error-text': '#7f1d1d', '--info-text': '#1e3a8a', '--warning-text': '#713f12' } as CSSProperties}
    />
  );
}
