import { PROFILE_MESSAGES } from '@devplay/shared';
import { useIsPhone } from '../../lib/use-media-query';
import { useSession } from '../../lib/session';
import { HomeFeed } from '../../features/posts/components/home-feed';
import { NewPostForm } from '../../features/posts/components/new-post-form';
import { NewsCarousel } from '../../features/widgets/components/news-carousel';
import { WeatherWidget } from '../../features/widgets/components/weather-widget';
import { MiniProfile } from '../layouts/mini-profile';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import { PageError } from './page-state';
import { Suggestions } from './suggestions';

/** Users to follow and the weather come after this many posts on phones: the feed comes first. */
const PHONE_WIDGETS_AFTER = 3;

/**
 * SPEC §2 /home_page: mini-profile and menu, the new-post form and feed, users to follow, the
 * weather and the news carousel in the right column. The feed comes first: the composer is one line
 * until used, and on phones, where the right column would sit below an endless feed, users to
 * follow and the weather follow the first posts.
 */
export function HomePage() {
  const { isError } = useSession();
  // Users to follow and the weather are drawn in one place only: among the posts on phones,
  // in the right column elsewhere.
  const phone = useIsPhone();

  // The feed does not wait for the member: its request leaves beside /me.
  const center = (
    <>
      <h1 className="visually-hidden">Home</h1>
      {isError && <PageError text={PROFILE_MESSAGES.errorLoadingUser} />}
      {/* Drawn while /me loads too, so nothing above the feed moves when it arrives; an
          unconfirmed member never gets here (RequireAuth sends them to the code form). */}
      <NewPostForm collapsible />
      <HomeFeed
        interlude={
          phone
            ? {
                after: PHONE_WIDGETS_AFTER,
                content: (
                  <>
                    <Suggestions placement="center" />
                    <WeatherWidget />
                  </>
                ),
              }
            : undefined
        }
      />
    </>
  );

  return (
    <>
      <title>Home · DevPlay</title>
      <ThreeColumnLayout
        leftTop={<MiniProfile />}
        center={center}
        right={
          <>
            {!phone && (
              <>
                <Suggestions placement="aside" />
                <WeatherWidget />
              </>
            )}
            <NewsCarousel />
          </>
        }
      />
    </>
  );
}
