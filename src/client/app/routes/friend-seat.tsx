import { useParams } from 'react-router';
import { ClaimScreen } from '@client/features/friend-seats/components/claim-screen';

/** /friend-seat/{token}: accept a seat a friend offered (signed in: the guard sends a newcomer through /login?next=… first). */
export function Component() {
  const { token = '' } = useParams();
  return <ClaimScreen key={token} token={token} />;
}
