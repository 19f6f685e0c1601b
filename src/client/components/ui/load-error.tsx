import { RefreshCw } from 'lucide-react';
import { Button } from './button';
import { Card } from './card';

/** A failed load: what failed, the server's reason, and a way to try again. */
export function LoadError({ title, message, onRetry }: { title: string; message: string; onRetry: () => void }) {
  return (
    <Card role="alert" className="text-center">
      <p className="text-lg font-semibold text-wine-900">{title}</p>
      <p className="mt-1 text-muted">{message}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        <RefreshCw aria-hidden="true" className="size-5" />
        Try again
      </Button>
    </Card>
  );
}
