import { PROFILE_MESSAGES } from '@devplay/shared';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useSession } from '../../lib/session';
import { useIsPhone } from '../../lib/use-media-query';
import { paths } from '../../lib/paths';
import type { FollowDirection } from '../../features/follows/api';
import { FollowList } from '../../features/follows/components/follow-list';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import { PageError, PageLoading } from './page-state';
import { Suggestions } from './suggestions';
import styles from './follow-pages.module.css';

const TITLES: Record<FollowDirection, string> = {
  followers: 'Subscribers',
  followings: 'Subscriptions',
};

/** The page around a list: users to follow once, in the centre on phones, beside it otherwise. */
function FollowLayout({ title, center }: { title: string; center: ReactNode }) {
  const phone = useIsPhone();
  return (
    <>
      <title>{`${title} · DevPlay`}</title>
      <ThreeColumnLayout
        center={
          <>
            {center}
            {phone && <Suggestions placement="center" />}
          </>
        }
        right={phone ? undefined : <Suggestions placement="aside" />}
      />
    </>
  );
}

function OwnFollowPage({ direction }: { direction: FollowDirection }) {
  const { me, isLoading } = useSession();

  let center;
  if (isLoading) center = <PageLoading />;
  else if (!me) center = <PageError text={PROFILE_MESSAGES.errorLoadingUser} />;
  else center = <FollowList direction={direction} username={me.username} />;
  return <FollowLayout title={TITLES[direction]} center={center} />;
}

/** Another member's list, with the way back to their profile; one's own is /followers. */
function UserFollowPage({ direction }: { direction: FollowDirection }) {
  const { me } = useSession();
  const { username = '' } = useParams();
  if (me && me.username.toLowerCase() === username.toLowerCase()) {
    return <Navigate to={direction === 'followers' ? paths.followers : paths.following} replace />;
  }
  const center = (
    <>
      <Link to={paths.user(username)} className={styles.back}>
        <ArrowLeft size={18} aria-hidden />@{username}
      </Link>
      <FollowList direction={direction} username={username} others />
    </>
  );
  return <FollowLayout title={`${TITLES[direction]} of @${username}`} center={center} />;
}

/** SPEC §2 /followers: people subscribed to the signed-in member, the SPEC's subscribers. */
export function FollowersPage() {
  return <OwnFollowPage direction="followers" />;
}

/** SPEC §2 /following: people the signed-in member is subscribed to, the subscriptions. */
export function FollowingPage() {
  return <OwnFollowPage direction="followings" />;
}

/** /user/:username/followers: who is subscribed to another member. */
export function UserFollowersPage() {
  return <UserFollowPage direction="followers" />;
}

/** /user/:username/following: whom another member is subscribed to. */
export function UserFollowingPage() {
  return <UserFollowPage direction="followings" />;
}
