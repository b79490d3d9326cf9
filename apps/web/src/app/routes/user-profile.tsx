import { Euro, MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { POST_MESSAGES, SAFETY_MESSAGES, type Profile } from '@devplay/shared';
import { buttonClassName } from '../../components/button-styles';
import { Card } from '../../components/card';
import { FollowButton, SubscribedMarker } from '../../features/follows/components/follow-button';
import { chatLinkState } from '../../features/messages/chat-peer';
import { PostFeed } from '../../features/posts/components/post-feed';
import {
  ProfileSafetyActions,
  UnblockButton,
} from '../../features/safety/components/profile-safety-actions';
import { SAFETY_TEXTS } from '../../features/safety/safety-texts';
import { AboutUser } from '../../features/users/components/about-user';
import { ProfileHeader } from '../../features/users/components/profile-header';
import { messageRefusal, paymentRefusal, SUSPENDED_ACCOUNT } from '../../lib/member-standing';
import { paths } from '../../lib/paths';
import { FollowStats, type ProfileCounts } from './follow-stats';
import { payLinkState } from './pay-link';
import styles from './user-page.module.css';

type DetailedProfile = Profile & ProfileCounts & { age: number | null; bio: string };

/** The profile with its details, or null when the server left them out (API.md Safety). */
function detailed(profile: Profile): DetailedProfile | null {
  const { age, bio, posts_count, followersCount, followingsCount } = profile;
  if (
    age === undefined ||
    bio === undefined ||
    posts_count === undefined ||
    followersCount === undefined ||
    followingsCount === undefined
  ) {
    return null;
  }
  return { ...profile, age, bio, posts_count, followersCount, followingsCount };
}

const notice = (lines: (string | null | false)[]) => {
  const shown = lines.filter((line): line is string => !!line);
  return shown.length > 0 ? shown.map((line) => <p key={line}>{line}</p>) : undefined;
};

/**
 * Another member as the viewer may see them: a suspended member, or one who blocks the viewer,
 * by name and picture only; one the viewer blocks with the way back; anyone else whole, with
 * what their privacy leaves the viewer.
 */
export function UserProfile({ profile }: { profile: Profile }) {
  const full = detailed(profile);
  // Both may block each other: the viewer's own block stays undoable.
  const unblock = profile.blocked ? <UnblockButton member={profile} /> : undefined;
  if (profile.suspended || profile.blocksMe || !full) {
    const text = profile.suspended ? SUSPENDED_ACCOUNT : SAFETY_MESSAGES.blocked;
    return <ProfileHeader user={profile} actions={unblock} notice={notice([text])} />;
  }
  const stats = <FollowStats user={full} own={false} />;
  if (full.blocked) {
    return (
      <ProfileHeader
        user={full}
        stats={stats}
        actions={unblock}
        notice={notice([SAFETY_TEXTS.youBlocked])}
      />
    );
  }

  const cannotMessage = messageRefusal(full);
  const cannotPay = paymentRefusal(full);
  return (
    <>
      <ProfileHeader
        user={full}
        stats={stats}
        marker={<SubscribedMarker userId={full.id} knownFollowing={full.isFollowing} />}
        actions={
          <>
            <FollowButton user={full} variant="full" knownFollowing={full.isFollowing} />
            {!cannotMessage && (
              <Link
                to={paths.chat(full.id)}
                state={chatLinkState(full)}
                className={buttonClassName({ variant: 'secondary' })}
              >
                <MessageSquare size={18} aria-hidden />
                Write a message
              </Link>
            )}
            {!cannotPay && (
              <Link
                to={paths.transactions}
                state={payLinkState(full)}
                className={buttonClassName({ variant: 'secondary' })}
              >
                <Euro size={18} aria-hidden />
                Send money
              </Link>
            )}
            <ProfileSafetyActions profile={full} />
          </>
        }
        notice={notice([full.muted && SAFETY_TEXTS.youMuted, cannotMessage, cannotPay])}
      />
      <Card aria-labelledby="about-title">
        <h2 id="about-title" className={styles.heading}>
          About
        </h2>
        <AboutUser age={full.age} bio={full.bio} />
      </Card>
      <section aria-labelledby="posts-title" className={styles.posts}>
        <h2 id="posts-title" className={styles.sectionTitle}>
          Posts
        </h2>
        <PostFeed userId={full.id} emptyText={POST_MESSAGES.userHasNoPosts} />
      </section>
    </>
  );
}
