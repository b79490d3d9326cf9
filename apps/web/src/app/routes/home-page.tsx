import { PROFILE_MESSAGES } from '@devplay/shared';
import { useIsPhone } from '../../lib/use-media-query';
import { useSession } from '../../lib/session';
import { HomeFeed } from '../../features/posts/components/home-feed';
import { PostComposer } from '../../features/posts/components/post-composer';
import { NewsCarousel } from '../../features/widgets/components/news-carousel';
import { WeatherWidget } from '../../features/widgets/components/weather-widget';
import { MiniProfile } from '../layouts/mini-profile';
import { SafetyActionsProvider } from '../../features/safety/components/safety-menu';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import { PageError } from './page-state';
import { Suggestions } from './suggestions';

/** The weather and the news come after this many posts on phones: the feed comes first. */
const PHONE_WIDGETS_AFTER = 3;

/**
 * SPEC §2 /home_page: mini-profile and menu, the new-post form and feed, users to follow, the
 * weather and the news carousel in the right column. On phones, which have no right column, the
 * centre reads as SPEC lists it: users to follow (one compact row, so the composer stays near the
 * top), the new-post form, the feed, with the weather and the news after its first posts rather
 * than under a whole page of them.
 */
export function HomePage() {
  const { isError, retry } = useSession();
  // The widgets are drawn in one place only: in the centre on phones, in the right column elsewhere.
  const phone = useIsPhone();

  // The feed does not wait for the member: its request leaves beside /me.
  const center = (
    <>
      <h1 className="visually-hidden">Home</h1>
      {isError && <PageError text={PROFILE_MESSAGES.errorLoadingUser} onRetry={retry} />}
      {phone && <Suggestions placement="center" />}
      {/* Drawn while /me loads too, so nothing above the feed moves when it arrives; an
          unconfirmed member never gets here (RequireAuth sends them to the code form). */}
      <PostComposer />
      <HomeFeed
        interlude={
          phone
            ? {
                after: PHONE_WIDGETS_AFTER,
                content: (
                  <>
                    <WeatherWidget />
                    <NewsCarousel />
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
      <SafetyActionsProvider>
        <ThreeColumnLayout
          leftBelow={<MiniProfile />}
          center={center}
          right={
            phone ? undefined : (
              <>
                <Suggestions placement="aside" />
                <WeatherWidget />
                <NewsCarousel />
              </>
            )
          }
        />
      </SafetyActionsProvider>
    </>
  );
}
