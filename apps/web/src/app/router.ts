import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import {
  postIdOf,
  prefetchFeed,
  prefetchHomeFeed,
  prefetchPost,
} from '../features/posts/feed-query';
import { prefetchConversations } from '../features/messages/api';
import { prefetchTransactions } from '../features/money/history-query';
import { bootstrapSession, loadMe, signedInAfterStart } from '../lib/session';
import { RequireAuth } from './layouts/require-auth';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';
import { StartupFrame } from './layouts/startup-frame';
import { paths, routePatterns } from '../lib/paths';

/** A route whose page loads in a chunk of its own, so the first load carries only the shell. */
const page = (path: string | undefined, load: () => Promise<RouteObject['Component']>) => ({
  path,
  lazy: async () => ({ Component: await load() }),
});

/**
 * A page's loader that starts its data once the start-up refresh is back, beside the page's chunk
 * rather than after it, and never waits for the data: the page finds it in the cache, or asks.
 */
const readingAhead =
  (queryClient: QueryClient, start: (client: QueryClient, args: LoaderFunctionArgs) => unknown) =>
  async (args: LoaderFunctionArgs) => {
    if (await signedInAfterStart(queryClient)) void start(queryClient, args);
    return null;
  };

/** Every page is its own chunk (DESIGN §7); all of them live in ./routes. */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      path: paths.welcome,
      Component: RootLayout,
      ErrorBoundary: RouteError,
      // The header and columns while the refresh and the page's chunk load side by side.
      HydrateFallback: StartupFrame,
      // SPEC §4 app start: the one refresh attempt settles before any auth-dependent page
      // decides; it began when the entry was evaluated (start-session.ts), so this only waits.
      loader: async () => {
        await bootstrapSession(queryClient);
        return null;
      },
      shouldRevalidate: () => false,
      children: [
        {
          // A page that throws keeps the header: this boundary sits inside the shell.
          ErrorBoundary: RouteError,
          children: [
            {
              index: true,
              ...page(undefined, () => import('./routes/welcome-page').then((m) => m.WelcomePage)),
            },
            page(paths.confirmEmail, () =>
              import('./routes/confirm-email-page').then((m) => m.ConfirmEmailPage),
            ),
            page(paths.forgotPassword, () =>
              import('./routes/forgot-password-page').then((m) => m.ForgotPasswordPage),
            ),
            page(paths.resetPassword, () =>
              import('./routes/reset-password-page').then((m) => m.ResetPasswordPage),
            ),
            page(paths.terms, () => import('./routes/terms-page').then((m) => m.TermsPage)),
            page(paths.privacy, () => import('./routes/privacy-page').then((m) => m.PrivacyPage)),
            page(paths.contact, () => import('./routes/contact-page').then((m) => m.ContactPage)),
            {
              Component: RequireAuth,
              children: [
                {
                  ...page(paths.home, () => import('./routes/home-page').then((m) => m.HomePage)),
                  // The feed's first page, and then its first picture.
                  loader: readingAhead(queryClient, prefetchHomeFeed),
                },
                {
                  ...page(paths.profile, () =>
                    import('./routes/profile-page').then((m) => m.ProfilePage),
                  ),
                  // The member's own posts (the first tab) need their id: they leave the
                  // moment /me is in.
                  loader: readingAhead(queryClient, (client, { request }) =>
                    new URL(request.url).searchParams.has('tab')
                      ? null
                      : loadMe(client).then((me) => me && prefetchFeed(client, { userId: me.id })),
                  ),
                },
                page(routePatterns.user, () =>
                  import('./routes/user-page').then((m) => m.UserPage),
                ),
                page(paths.myPosts, () =>
                  import('./routes/my-posts-page').then((m) => m.MyPostsPage),
                ),
                page(paths.followers, () =>
                  import('./routes/follow-pages').then((m) => m.FollowersPage),
                ),
                page(paths.following, () =>
                  import('./routes/follow-pages').then((m) => m.FollowingPage),
                ),
                page(routePatterns.userFollowers, () =>
                  import('./routes/follow-pages').then((m) => m.UserFollowersPage),
                ),
                page(routePatterns.userFollowing, () =>
                  import('./routes/follow-pages').then((m) => m.UserFollowingPage),
                ),
                {
                  ...page(paths.messages, () =>
                    import('./routes/messages-page').then((m) => m.MessagesPage),
                  ),
                  loader: readingAhead(queryClient, prefetchConversations),
                },
                page(routePatterns.chat, () =>
                  import('./routes/chat-page').then((m) => m.ChatPage),
                ),
                {
                  ...page(routePatterns.post, () =>
                    import('./routes/post-page').then((m) => m.PostPage),
                  ),
                  // The post, and then its picture.
                  loader: readingAhead(queryClient, (client, { params }) => {
                    const postId = postIdOf(params.id ?? '');
                    return Number.isNaN(postId) ? null : prefetchPost(client, postId);
                  }),
                },
                {
                  ...page(paths.notifications, () =>
                    import('./routes/notifications-page').then((m) => m.NotificationsPage),
                  ),
                  // The list's code stays out of the first paint's (the bell needs none of it): it
                  // loads beside the page's chunk, and the first page leaves as it arrives.
                  loader: readingAhead(queryClient, (client) =>
                    import('../features/notifications/api').then((m) =>
                      m.prefetchNotifications(client),
                    ),
                  ),
                },
                page(paths.settings, () =>
                  import('./routes/settings-page').then((m) => m.SettingsPage),
                ),
                {
                  ...page(paths.transactions, () =>
                    import('./routes/transactions-page').then((m) => m.TransactionsPage),
                  ),
                  loader: readingAhead(queryClient, prefetchTransactions),
                },
                page(paths.calendar, () =>
                  import('./routes/calendar-page').then((m) => m.CalendarPage),
                ),
                page(paths.tournament, () =>
                  import('./routes/tournament-page').then((m) => m.TournamentPage),
                ),
                page(paths.admin, () => import('./routes/admin-page').then((m) => m.AdminPage)),
              ],
            },
            page('*', () => import('./routes/not-found-page').then((m) => m.NotFoundPage)),
          ],
        },
      ],
    },
  ]);
}
