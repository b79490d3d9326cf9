import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter } from 'react-router';
import { bootstrapSession } from '../features/auth/api';
import { RequireAuth } from './layouts/require-auth';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';
import { Splash } from './layouts/splash';

/** Every page is its own chunk, so the first load carries only the shell (DESIGN §7). */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: Splash,
      // SPEC §4 app start: the refresh runs once, before any auth-dependent page renders.
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
              lazy: () =>
                import('../features/auth/pages/welcome-page').then((m) => ({
                  Component: m.WelcomePage,
                })),
            },
            {
              path: 'confirm_email',
              lazy: () =>
                import('../features/auth/pages/confirm-email-page').then((m) => ({
                  Component: m.ConfirmEmailPage,
                })),
            },
            {
              path: 'forgot-password',
              lazy: () =>
                import('../features/auth/pages/forgot-password-page').then((m) => ({
                  Component: m.ForgotPasswordPage,
                })),
            },
            {
              path: 'reset-password',
              lazy: () =>
                import('../features/auth/pages/reset-password-page').then((m) => ({
                  Component: m.ResetPasswordPage,
                })),
            },
            {
              path: 'terms',
              lazy: () =>
                import('../features/pages/pages/terms-page').then((m) => ({
                  Component: m.TermsPage,
                })),
            },
            {
              path: 'privacy',
              lazy: () =>
                import('../features/pages/pages/privacy-page').then((m) => ({
                  Component: m.PrivacyPage,
                })),
            },
            {
              path: 'contact',
              lazy: () =>
                import('../features/pages/pages/contact-page').then((m) => ({
                  Component: m.ContactPage,
                })),
            },
            {
              Component: RequireAuth,
              children: [
                {
                  path: 'home_page',
                  lazy: () => import('./routes/home-page').then((m) => ({ Component: m.HomePage })),
                },
                {
                  path: 'profile',
                  lazy: () =>
                    import('./routes/profile-page').then((m) => ({ Component: m.ProfilePage })),
                },
                {
                  path: 'user/:username',
                  lazy: () => import('./routes/user-page').then((m) => ({ Component: m.UserPage })),
                },
                {
                  path: 'my_posts',
                  lazy: () =>
                    import('./routes/my-posts-page').then((m) => ({ Component: m.MyPostsPage })),
                },
                {
                  path: 'followers',
                  lazy: () =>
                    import('./routes/follow-pages').then((m) => ({ Component: m.FollowersPage })),
                },
                {
                  path: 'following',
                  lazy: () =>
                    import('./routes/follow-pages').then((m) => ({ Component: m.FollowingPage })),
                },
                {
                  path: 'message',
                  lazy: () =>
                    import('./routes/messages-page').then((m) => ({ Component: m.MessagesPage })),
                },
                {
                  path: 'message/:userId',
                  lazy: () => import('./routes/chat-page').then((m) => ({ Component: m.ChatPage })),
                },
                {
                  path: 'settings',
                  lazy: () =>
                    import('./routes/settings-page').then((m) => ({ Component: m.SettingsPage })),
                },
                {
                  path: 'transactions',
                  lazy: () =>
                    import('./routes/transactions-page').then((m) => ({
                      Component: m.TransactionsPage,
                    })),
                },
              ],
            },
            {
              path: '*',
              lazy: () =>
                import('../features/pages/pages/not-found-page').then((m) => ({
                  Component: m.NotFoundPage,
                })),
            },
          ],
        },
      ],
    },
  ]);
}
