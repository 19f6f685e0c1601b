import { CalendarX2, LogIn, ShieldQuestion } from 'lucide-react';
import type { ReactNode } from 'react';
import { NoticeCard } from '@client/components/ui/notice-card';

const ICONS = { signin: LogIn, denied: ShieldQuestion, empty: CalendarX2 } as const;

/** Why a live page shows no data, and the way forward: 'signin' adds Log in, back to this page. */
export function AccessCard({ kind, title, children, action }: { kind: keyof typeof ICONS; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <NoticeCard icon={ICONS[kind]} title={title} signIn={kind === 'signin'} actions={action}>
      {children}
    </NoticeCard>
  );
}
