import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { appQueryClient } from '@client/lib/app-query-client';
import { createQueryClient } from '@client/lib/query-client';

/**
 * The query client around every screen that reads or writes data: all but the landing page, which
 * loads this (and TanStack Query) only for its rarely opened ?admin=stats and ?view=promo views.
 * A layout route (it renders the matched screen) or a wrapper around `children`.
 */
export default function QueryScope({ children }: { children?: ReactNode }) {
  return <QueryClientProvider client={appQueryClient(createQueryClient)}>{children ?? <Outlet />}</QueryClientProvider>;
}
