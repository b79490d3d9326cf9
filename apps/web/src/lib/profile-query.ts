import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { userKeys } from './user-keys';

/**
 * Another member as GET /user/:username answers it. Read by the profile page and by the screens
 * that must know whether that member accepts the viewer's messages or money (a chat, a
 * transfer), so it lives below those features.
 */
export function useProfile(username: string) {
  return useQuery({
    queryKey: userKeys.profile(username),
    queryFn: () => api.call('getProfile', { params: { username } }),
    enabled: username.length > 0,
  });
}
