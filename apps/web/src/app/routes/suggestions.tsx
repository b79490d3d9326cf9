import { FollowButton } from '../../features/follows/components/follow-button';
import { UsersToFollow } from '../../features/users/components/users-to-follow';

/** Users to follow with their Subscribe buttons: users and follows meet here, not in each other. */
export function Suggestions({ placement }: { placement: 'center' | 'aside' }) {
  return (
    <UsersToFollow placement={placement} renderAction={(user) => <FollowButton user={user} />} />
  );
}
