import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@devplay/shared';
import { api, expireSession, onSessionExpired, refreshAccessToken } from './api-client';
import { sessionMarkedAtStart } from './session-marker';
import { clearToken, getToken, setToken } from './token-store';
import { useAccessToken } from './use-access-token';

/**
 * The signed-in member is app-wide state: the shell, guards and every feature read it, and
 * several features write parts of it (balance, unread count, counters), so it lives below them.
 */
export const sessionKeys = {
  all: ['session'] as const,
  me: () => [...sessionKeys.all, 'me'] as const,
};

const meQuery = {
  queryKey: sessionKeys.me(),
  queryFn: () => api.call('getMe'),
  staleTime: 60_000,
};

/** The signed-in member; `null` once the session is known to be gone. */
function useMe() {
  const token = useAccessToken();
  return useQuery({ ...meQuery, enabled: token !== null });
}

export function useSession() {
  const token = useAccessToken();
  const me = useMe();
  const isSignedIn = token !== null;
  return {
    isSignedIn,
    me: isSignedIn ? (me.data ?? null) : null,
    isLoading: isSignedIn && me.isPending,
    isError: isSignedIn && me.isError,
    /** Asks for the member again, after `isError`. */
    retry: () => void me.refetch(),
  };
}

/** The cached member, for code outside React (live events, cache updates). */
export const getCachedMe = (queryClient: QueryClient) =>
  queryClient.getQueryData<Me | null>(sessionKeys.me()) ?? null;

/**
 * The signed-in member for code that runs before a screen (route loaders): the cached one, or
 * the start-up request's answer when it is still on its way. Null when nobody is signed in.
 */
export async function loadMe(queryClient: QueryClient): Promise<Me | null> {
  if (!(await signedInAfterStart(queryClient))) return null;
  return queryClient.fetchQuery(meQuery).catch(() => null);
}

/** Whether a member is signed in once the start-up refresh has settled (route loaders). */
export async function signedInAfterStart(queryClient: QueryClient): Promise<boolean> {
  await bootstrapSession(queryClient);
  return getToken() !== null;
}

/** Writes part of the cached member (a balance, an unread count), so every reader agrees. */
export function updateMe(queryClient: QueryClient, edit: (me: Me) => Me) {
  queryClient.setQueryData<Me | null>(sessionKeys.me(), (me) => (me ? edit(me) : me));
}

/** Stores a member the server just answered with (a profile edit). */
export const setMe = (queryClient: QueryClient, me: Me) =>
  queryClient.setQueryData(sessionKeys.me(), me);

/** Reloads the member after a change whose effect on the counters only the server knows. */
export const refreshMe = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: sessionKeys.me() });

/** Sign-in: the profile goes in first, so guards that wake on the token already see it. */
export function startSession(queryClient: QueryClient, token: string, me: Me) {
  setMe(queryClient, me);
  setToken(token);
}

/** Sign-out and account deletion: nothing of this member may stay in memory. */
export function endSession(queryClient: QueryClient) {
  clearToken();
  queryClient.clear();
}

/** Drops the cached profile whenever the api client gives up on the session. */
export function bindSessionToQueryClient(queryClient: QueryClient): () => void {
  return onSessionExpired(() => {
    queryClient.setQueryData(sessionKeys.me(), null);
  });
}

let bootstrap: Promise<void> | null = null;

/**
 * SPEC §4 app start: one refresh attempt before auth-dependent routes decide, made only when the
 * marker cookie says a session may exist. The profile request leaves the moment a token arrives
 * but is not awaited: the frame, the page's chunk and the page's own data go ahead beside it, and
 * whatever needs the profile (guards, the header) waits for that query itself.
 */
export function bootstrapSession(queryClient: QueryClient): Promise<void> {
  bootstrap ??= (async () => {
    if (!sessionMarkedAtStart()) return;
    const token = await refreshAccessToken();
    if (!token) {
      expireSession();
      return;
    }
    // A failing /me expires the session inside the api client when it is a 401; anything else
    // is retried by the query when a screen needs it.
    void queryClient.prefetchQuery(meQuery);
  })();
  return bootstrap;
}
