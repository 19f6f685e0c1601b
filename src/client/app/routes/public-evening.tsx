import { useEffect } from 'react';
import { useParams } from 'react-router';
import { PublicEveningScreen } from '@client/features/events/components/public-evening-screen';
import { SiteFooter } from '@client/features/legal/components/site-footer';
import { countEveningVisit } from '@client/lib/evening-visit';

/** /events/{id} for a visitor: the public evening page (docs/decisions/0045), in a chunk without the member page's code, with the public pages' footer. */
export function Component() {
  const { id } = useParams();
  const eventId = Number(id);
  const valid = Number.isInteger(eventId) && eventId > 0;
  // Counted for the host's report, once per tab (docs/decisions/0084).
  useEffect(() => {
    if (valid) countEveningVisit(eventId);
  }, [valid, eventId]);
  return (
    <>
      <PublicEveningScreen key={eventId} eventId={valid ? eventId : 0} />
      <SiteFooter />
    </>
  );
}
