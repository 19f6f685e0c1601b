/** A seat for a friend (docs/decisions/0075-a-seat-for-a-friend.md): composed into the evening page and two routes by app/. */
export { BringAFriendLink, FriendSeatsCard } from './components/friend-seats-card';
