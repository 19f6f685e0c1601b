import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST } from '@shared/domain/constants';
import { createQueryClient } from '@client/lib/query-client';

export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return (
    <QueryClientProvider client={client}>
      {children}
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
    </QueryClientProvider>
  );
}
