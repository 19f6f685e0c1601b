import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Page } from '@client/components/ui/page';

export function Component() {
  return (
    <Page>
      <Card className="text-center">
        <p aria-hidden="true" className="font-display text-6xl font-bold text-wine-600">
          404
        </p>
        <h1 className="mt-2 text-2xl font-bold text-wine-900">404 Page Not Found</h1>
        <p className="mt-2 text-muted">Did you forget to add the page to the router?</p>
        <Button asChild className="mt-6">
          <Link to="/">Go to the home page</Link>
        </Button>
      </Card>
    </Page>
  );
}
