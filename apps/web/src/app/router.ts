import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs } from 'react-router';
import { PAGE_ROUTES, type PageName } from '@devplay/shared';
import {
  postIdOf,
  prefetchFeed,
  prefetchHomeFeed,
  prefetchPost,
} from '../features/posts/feed-query';
import { prefetchConversations } from '../features/messages/conversations-query';
import { prefetchTransactions } from '../features/money/history-query';
import { bootstrapSession, loadMe, signedInAfterStart } from '../lib/session';
import { RequireAuth } from './layouts/require-auth';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './layouts/route-error';
import { StartupFrame } from './layouts/startup-frame';
import { paths } from '../lib/paths';
import { PAGE_MODULES } from './page-modules';

/** Every page's module under ./routes, each a chunk of its own (DESIGN §7). */
const pageModules = import.meta.glob<Record<string, ComponentType>>('./routes/*-{page,pages}.tsx');

/** A page's route: its address, and its chunk, loaded when the page is first opened. */
const page = (name: PageName) => {
  const { file, component } = PAGE_MODULES[name];
  const load = pageModules[`./routes/${file}.tsx`];
  if (!load) throw new Error(`no page module ./routes/${file}.tsx`);
  return { path: PAGE_ROUTES[name], lazy: async () => ({ Component: (await load())[component] }) };
};

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

/** The app's routes: the shell, the start-up refresh, and every page under it. */
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
            { index: true, lazy: page('welcome').lazy },
            page('confirmEmail'),
            page('forgotPassword'),
            page('resetPassword'),
            page('terms'),
            page('privacy'),
            page('contact'),
            {
              Component: RequireAuth,
              children: [
                {
                  ...page('home'),
                  // The feed's first page, and then its first picture.
                  loader: readingAhead(queryClient, prefetchHomeFeed),
                },
                {
                  ...page('profile'),
                  // The member's own posts (the first tab) need their id: they leave the
                  // moment /me is in.
                  loader: readingAhead(queryClient, (client, { request }) =>
                    new URL(request.url).searchParams.has('tab')
                      ? null
                      : loadMe(client).then((me) => me && prefetchFeed(client, { userId: me.id })),
                  ),
                },
                page('user'),
                page('myPosts'),
                page('followers'),
                page('following'),
                page('userFollowers'),
                page('userFollowing'),
                {
                  ...page('messages'),
                  loader: readingAhead(queryClient, prefetchConversations),
                },
                page('chat'),
                {
                  ...page('post'),
                  // The post, and then its picture.
                  loader: readingAhead(queryClient, (client, { params }) => {
                    const postId = postIdOf(params.id ?? '');
                    return Number.isNaN(postId) ? null : prefetchPost(client, postId);
                  }),
                },
                {
                  ...page('notifications'),
                  // The list's code stays out of the first paint's (the bell needs none of it): it
                  // loads beside the page's chunk, and the first page leaves as it arrives.
                  loader: readingAhead(queryClient, (client) =>
                    import('../features/notifications/api').then((m) =>
                      m.prefetchNotifications(client),
                    ),
                  ),
                },
                page('settings'),
                {
                  ...page('transactions'),
                  loader: readingAhead(queryClient, prefetchTransactions),
                },
                page('calendar'),
                page('tournament'),
                page('admin'),
              ],
            },
            {
              path: '*',
              lazy: async () => ({
                Component: (await import('./routes/not-found-page')).NotFoundPage,
              }),
            },
          ],
        },
      ],
    },
  ]);
}
