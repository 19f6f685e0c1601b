import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { FriendGroupsScreen, FriendGroupsSignIn } from '@client/features/friend-groups/components/friend-groups-screen';
import { MeetupPanel } from '@client/features/meetups/components/meetup-panel';
import { MEETUP_PEOPLE_MAX } from '@shared/domain/meetups';

/**
 * /friend-groups (docs/spec/organiser-tools.md §2.17): the member's community groups. A public path
 * whose data is the signed-in member's own (docs/product.md); a visitor sees a sign-in card. A group of
 * three or four plans meet-ups on its card (docs/decisions/0082).
 */
export function Component() {
  const me = useMe();
  return (
    <Page>
      <PageTitle sub="People you matched with who all matched each other, across your evenings.">Community Groups</PageTitle>
      {me.isPending ? (
        <Spinner />
      ) : me.data ? (
        <FriendGroupsScreen
          actions={(g) =>
            g.members.length <= MEETUP_PEOPLE_MAX && (
              <MeetupPanel youId={me.data!.id} people={g.members.filter((m) => !m.isYou).map((m) => ({ id: m.id, name: m.name }))} />
            )
          }
        />
      ) : (
        <FriendGroupsSignIn />
      )}
    </Page>
  );
}
