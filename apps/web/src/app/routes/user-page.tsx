import { Navigate, useParams } from 'react-router';
import { displayName, PROFILE_MESSAGES } from '@devplay/shared';
import { useSession } from '../../lib/session';
import { SafetyActionsProvider } from '../../features/safety/components/safety-menu';
import { ApiRequestError } from '../../lib/api-client';
import { useProfile } from '../../lib/profile-query';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import { PageError, PageLoading } from './page-state';
import { Suggestions } from './suggestions';
import { UserProfile } from './user-profile';
import { paths } from '../../lib/paths';

/** A member who is not there, or a visitor not signed in, is not helped by asking again. */
const worthRetrying = (error: unknown) =>
  !(error instanceof ApiRequestError && (error.status === 404 || error.status === 401));

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
  else if (profile.isError)
    center = (
      <PageError
        text={errorText(profile.error)}
        onRetry={worthRetrying(profile.error) ? () => void profile.refetch() : undefined}
      />
    );
  else center = <UserProfile profile={profile.data} />;

  return (
    <>
      <title>{profile.data ? `${displayName(profile.data)} · DevPlay` : 'DevPlay'}</title>
      <SafetyActionsProvider>
        <ThreeColumnLayout center={center} right={<Suggestions placement="aside" />} />
      </SafetyActionsProvider>
    </>
  );
}
