import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { FriendGroupsScreen, FriendGroupsSignIn } from '@client/features/friend-groups/components/friend-groups-screen';

/**
 * /friend-groups (docs/spec/organiser-tools.md §2.17): the member's community groups. A public path
 * whose data is the signed-in member's own (docs/product.md); a visitor sees a sign-in card.
 */
export function Component() {
  const me = useMe();
  return (
    <Page>
      <PageTitle sub="People you matched with who all matched each other, across your evenings.">Community Groups</PageTitle>
      {me.isPending ? <Spinner /> : me.data ? <FriendGroupsScreen /> : <FriendGroupsSignIn />}
    </Page>
  );
}
