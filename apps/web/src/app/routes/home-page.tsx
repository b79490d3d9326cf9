import { PROFILE_MESSAGES } from '@devplay/shared';
import { useSession } from '../../lib/session';
import { VerifyEmailBanner } from '../../features/auth/components/verify-email-banner';
import { HomeFeed } from '../../features/posts/components/home-feed';
import { NewPostForm } from '../../features/posts/components/new-post-form';
import { NewsCarousel } from '../../features/widgets/components/news-carousel';
import { WeatherWidget } from '../../features/widgets/components/weather-widget';
import { MiniProfile } from '../layouts/mini-profile';
import { ThreeColumnLayout } from '../layouts/three-column-layout';
import { PageError, PageLoading } from './page-state';
import { Suggestions } from './suggestions';

/**
 * SPEC §2 /home_page: mini-profile and menu, the new-post form and feed, users to follow, the
 * weather (right column; centre column on phones) and the news carousel.
 */
export function HomePage() {
  const { me, isLoading, isError } = useSession();

  const center = isLoading ? (
    <PageLoading />
  ) : (
    <>
      <h1 className="visually-hidden">Home</h1>
      {isError && <PageError text={PROFILE_MESSAGES.errorLoadingUser} />}
      <Suggestions placement="center" />
      <WeatherWidget placement="center" />
      {me && (me.isVerified ? <NewPostForm /> : <VerifyEmailBanner email={me.email} />)}
      <HomeFeed />
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
            <Suggestions placement="aside" />
            <WeatherWidget placement="aside" />
            <NewsCarousel />
          </>
        }
      />
    </>
  );
}
