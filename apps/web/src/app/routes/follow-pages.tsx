import { PROFILE_MESSAGES } from '@devplay/shared';
import { useSession } from '../../lib/session';
import type { FollowDirection } from '../../features/follows/api';
import { FollowList } from '../../features/follows/components/follow-list';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import { PageError, PageLoading } from './page-state';
import { Suggestions } from './suggestions';

function FollowPage({ direction, title }: { direction: FollowDirection; title: string }) {
  const { me, isLoading } = useSession();

  let center;
  if (isLoading) center = <PageLoading />;
  else if (!me) center = <PageError text={PROFILE_MESSAGES.errorLoadingUser} />;
  else {
    center = (
      <>
        <FollowList direction={direction} username={me.username} />
        {/* The next step on phones, where the right column's suggestions are hidden. */}
        <Suggestions placement="center" />
      </>
    );
  }

  return (
    <>
      <title>{`${title} · DevPlay`}</title>
      <ThreeColumnLayout center={center} right={<Suggestions placement="aside" />} />
    </>
  );
}

/** SPEC §2 /followers: people subscribed to the signed-in member, the SPEC's subscribers. */
export function FollowersPage() {
  return <FollowPage direction="followers" title="Subscribers" />;
}

/** SPEC §2 /following: people the signed-in member is subscribed to, the subscriptions. */
export function FollowingPage() {
  return <FollowPage direction="followings" title="Subscriptions" />;
}
