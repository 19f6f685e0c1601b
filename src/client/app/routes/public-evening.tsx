import { useParams } from 'react-router';
import { PublicEveningScreen } from '@client/features/events/components/public-evening-screen';
import { SiteFooter } from '@client/features/legal/components/site-footer';

/** /events/{id} for a visitor: the public evening page (docs/decisions/0045), in a chunk without the member page's code, with the public pages' footer. */
export function Component() {
  const { id } = useParams();
  const eventId = Number(id);
  const valid = Number.isInteger(eventId) && eventId > 0;
  return (
    <>
      <PublicEveningScreen key={eventId} eventId={valid ? eventId : 0} />
      <SiteFooter />
    </>
  );
}
