import { Pencil } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { displayName, PROFILE_MESSAGES } from '@devplay/shared';
import { Button } from '../../components/button';
import { buttonClassName } from '../../components/button-styles';
import { Card } from '../../components/card';
import { tabPanelProps } from '../../components/tab-ids';
import { Tabs } from '../../components/tabs';
import { useSession } from '../../lib/session';
import { NewPostForm } from '../../features/posts/components/new-post-form';
import { PostFeed } from '../../features/posts/components/post-feed';
import { AboutUser } from '../../features/users/components/about-user';
import { ProfileHeader } from '../../features/users/components/profile-header';
import { SafetyActionsProvider } from '../../features/safety/components/safety-menu';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import { FollowStats } from './follow-stats';
import { PageError, PageLoading } from './page-state';
import { OWN_NO_POSTS } from './route-texts';
import { Suggestions } from './suggestions';
import { paths } from '../../lib/paths';

const TABS = [
  { id: 'posts', label: 'My Posts' },
  { id: 'about', label: 'AboutMe' },
  { id: 'new-post', label: 'New Post' },
] as const;
type TabId = (typeof TABS)[number]['id'];
const isTab = (value: string | null): value is TabId => TABS.some((tab) => tab.id === value);

/** SPEC §2 /profile: the own profile with tabs; the tab sits in ?tab= so a reload keeps it. */
export function ProfilePage() {
  const { me, isLoading } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = isTab(requested) ? requested : 'posts';

  const selectTab = (next: TabId) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'posts') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );

  let center;
  if (isLoading) center = <PageLoading />;
  else if (!me) center = <PageError text={PROFILE_MESSAGES.errorLoadingUser} />;
  else {
    center = (
      <>
        <ProfileHeader
          user={me}
          stats={<FollowStats user={me} own />}
          actions={
            // SPEC §2 keeps editing under /settings; the profile is where one looks for it.
            <Link to={paths.settings} className={buttonClassName({ variant: 'secondary' })}>
              <Pencil size={18} aria-hidden />
              Edit profile
            </Link>
          }
        />
        <Tabs label="Profile" items={TABS} selected={tab} onSelect={selectTab} idBase="profile" />
        <div {...tabPanelProps('profile', tab)}>
          {tab === 'posts' && (
            <PostFeed
              userId={me.id}
              emptyText={
                <>
                  {OWN_NO_POSTS}{' '}
                  <Button variant="secondary" size="sm" onClick={() => selectTab('new-post')}>
                    Write your first post
                  </Button>
                </>
              }
            />
          )}
          {tab === 'about' && (
            <Card>
              <AboutUser age={me.age} bio={me.bio} email={me.email} />
            </Card>
          )}
          {/* Only confirmed members get here (RequireAuth). */}
          {tab === 'new-post' && <NewPostForm />}
        </div>
      </>
    );
  }

  return (
    <>
      <title>{me ? `${displayName(me)} · DevPlay` : 'Profile · DevPlay'}</title>
      <SafetyActionsProvider>
        <ThreeColumnLayout center={center} right={<Suggestions placement="aside" />} />
      </SafetyActionsProvider>
    </>
  );
}
