import { Link } from 'react-router';
import { PROFILE_MESSAGES } from '@devplay/shared';
import { useSession } from '../../lib/session';
import { PostFeed } from '../../features/posts/components/post-feed';
import { SafetyActionsProvider } from '../../features/safety/components/safety-menu';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import { PageError, PageLoading } from './page-state';
import { OWN_NO_POSTS } from './route-texts';
import { Suggestions } from './suggestions';
import styles from './simple-page.module.css';
import { paths } from '../../lib/paths';

/** SPEC §2/§6 /my_posts: only the member's own posts, each with its DELETE. */
export function MyPostsPage() {
  const { me, isLoading } = useSession();

  let content;
  if (isLoading) content = <PageLoading />;
  else if (!me) content = <PageError text={PROFILE_MESSAGES.errorLoadingUser} />;
  else {
    content = (
      <PostFeed
        userId={me.id}
        emptyText={
          <>
            {OWN_NO_POSTS} <Link to={`${paths.profile}?tab=new-post`}>Write your first post</Link>
          </>
        }
      />
    );
  }

  return (
    <>
      <title>My posts · DevPlay</title>
      <SafetyActionsProvider>
        <ThreeColumnLayout
          center={
            <>
              <h1 className={styles.title}>My posts</h1>
              {content}
            </>
          }
          right={<Suggestions placement="aside" />}
        />
      </SafetyActionsProvider>
    </>
  );
}
