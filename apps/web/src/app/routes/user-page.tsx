import { MessageSquare } from 'lucide-react';
import { Link, Navigate, useParams } from 'react-router';
import { POST_MESSAGES, PROFILE_MESSAGES } from '@devplay/shared';
import { buttonClassName } from '../../components/button-styles';
import { Card } from '../../components/card';
import { useSession } from '../../lib/session';
import { FollowButton, SubscribedMarker } from '../../features/follows/components/follow-button';
import { chatLinkState } from '../../features/messages/chat-peer';
import { PostFeed } from '../../features/posts/components/post-feed';
import { ApiRequestError } from '../../lib/api-client';
import { displayName } from '../../lib/member-name';
import { useProfile } from '../../features/users/api';
import { AboutUser } from '../../features/users/components/about-user';
import { ProfileHeader } from '../../features/users/components/profile-header';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import { FollowStats } from './follow-stats';
import { PageError, PageLoading } from './page-state';
import { Suggestions } from './suggestions';
import styles from './user-page.module.css';
import { paths } from '../../lib/paths';

function errorText(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.status === 404) return PROFILE_MESSAGES.userNotFound;
    if (error.status === 401) return PROFILE_MESSAGES.authorizationRequired;
  }
  return PROFILE_MESSAGES.errorLoadingProfile;
}

/** SPEC §2 /user/:username: another member's profile, subscriptions and posts. */
export function UserPage() {
  const { username = '' } = useParams();
  const { me } = useSession();
  const isOwn = me !== null && me.username.toLowerCase() === username.toLowerCase();
  const profile = useProfile(isOwn ? '' : username);

  // One's own profile has a page of its own, with the tabs and without a Subscribe button.
  if (isOwn || profile.data?.isMe) return <Navigate to={paths.profile} replace />;

  let center;
  if (profile.isPending) center = <PageLoading label={`Loading @${username}...`} />;
  else if (profile.isError) center = <PageError text={errorText(profile.error)} />;
  else {
    const user = profile.data;
    center = (
      <>
        <ProfileHeader
          user={user}
          stats={<FollowStats user={user} own={false} />}
          marker={<SubscribedMarker userId={user.id} knownFollowing={user.isFollowing} />}
          actions={
            <>
              <FollowButton user={user} variant="full" knownFollowing={user.isFollowing} />
              <Link
                to={paths.chat(user.id)}
                state={chatLinkState(user)}
                className={buttonClassName({ variant: 'secondary' })}
              >
                <MessageSquare size={18} aria-hidden />
                Write a message
              </Link>
            </>
          }
        />
        <Card aria-labelledby="about-title">
          <h2 id="about-title" className={styles.heading}>
            About
          </h2>
          <AboutUser age={user.age} bio={user.bio} />
        </Card>
        <section aria-labelledby="posts-title" className={styles.posts}>
          <h2 id="posts-title" className={styles.sectionTitle}>
            Posts
          </h2>
          <PostFeed userId={user.id} emptyText={POST_MESSAGES.userHasNoPosts} />
        </section>
      </>
    );
  }

  return (
    <>
      <title>{profile.data ? `${displayName(profile.data)} · DevPlay` : 'DevPlay'}</title>
      <ThreeColumnLayout center={center} right={<Suggestions placement="aside" />} />
    </>
  );
}
