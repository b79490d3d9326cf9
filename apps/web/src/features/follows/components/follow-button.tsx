import { Check, Hourglass, Plus } from 'lucide-react';
import { FOLLOW_MESSAGES } from '@devplay/shared';
import { buttonClassName } from '../../../components/button-styles';
import { useToast } from '../../../components/toast-context';
import { getFormErrorMessage } from '../../../lib/error-message';
import { useSession } from '../../../lib/session';
import { followStatus, useFollow, useIsFollowing, useUnfollow, type FollowTarget } from '../api';
import styles from './follow-button.module.css';

interface FollowButtonProps {
  user: FollowTarget;
  /** `icon` for rows in a list; `full` adds the word, for a profile header. */
  variant?: 'icon' | 'full';
  /** What the page already knows (a profile's isFollowing), until the own list has loaded. */
  knownFollowing?: boolean;
}

/** SPEC §2: hourglass while loading, tick when following, plus when not. */
export function FollowButton({ user, variant = 'icon', knownFollowing }: FollowButtonProps) {
  const { me } = useSession();
  const isFollowing = useIsFollowing(user.id, knownFollowing);
  const follow = useFollow();
  const unfollow = useUnfollow();
  const toast = useToast();

  // Hidden on one's own profile (SPEC §2): nobody subscribes to themselves.
  if (!me || me.id === user.id) return null;

  const loading =
    isFollowing === undefined ||
    followStatus(follow) === 'loading' ||
    followStatus(unfollow) === 'loading';
  const label = isFollowing ? 'Unsubscribe' : 'Subscribe';
  const Icon = loading ? Hourglass : isFollowing ? Check : Plus;

  const toggle = () => {
    if (loading) return;
    const [mutation, fallback] = isFollowing
      ? [unfollow, FOLLOW_MESSAGES.errorUnsubscribing]
      : [follow, FOLLOW_MESSAGES.errorSubscribing];
    mutation.mutate(user, {
      onError: (error) =>
        toast.show(getFormErrorMessage(error, { server: fallback, network: fallback }), 'error'),
    });
  };

  return (
    <button
      type="button"
      className={buttonClassName({
        variant: isFollowing ? 'secondary' : 'primary',
        iconOnly: variant === 'icon',
        className: [styles.button, isFollowing && styles.following].filter(Boolean).join(' '),
      })}
      onClick={toggle}
      aria-label={variant === 'icon' ? label : undefined}
      aria-busy={loading || undefined}
      // Not `disabled`: that would drop keyboard focus in the middle of the request.
      aria-disabled={loading || undefined}
      title={variant === 'icon' ? label : undefined}
      data-state={loading ? 'loading' : isFollowing ? 'following' : 'idle'}
    >
      <Icon size={18} aria-hidden className={loading ? styles.waiting : undefined} />
      {variant === 'full' && label}
    </button>
  );
}

/** SPEC §2 'You are subscribed' marker; it reads the same state as the button beside it. */
export function SubscribedMarker({
  userId,
  knownFollowing,
}: {
  userId: number;
  knownFollowing?: boolean;
}) {
  const isFollowing = useIsFollowing(userId, knownFollowing);
  if (!isFollowing) return null;
  return (
    <span className={styles.marker}>
      <Check size={14} aria-hidden />
      {FOLLOW_MESSAGES.youAreSubscribed}
    </span>
  );
}
