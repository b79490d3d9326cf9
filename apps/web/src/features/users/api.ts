import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput, Me } from '@devplay/shared';
import { api } from '../../lib/api-client';
import { setMe } from '../../lib/session';
import { useAfterFirstIdle } from '../../lib/use-after-first-idle';
import { userKeys } from '../../lib/user-keys';

const SEARCH_LIMIT = 8;
const SUGGESTIONS_LIMIT = 5;

export const searchUsers = (query: string, signal?: AbortSignal) =>
  api.call('searchUsers', { query: { query, limit: SEARCH_LIMIT }, signal });

const fetchSuggestedUsers = () =>
  api.call('searchUsers', { query: { suggest: 'true', limit: SUGGESTIONS_LIMIT } });

export function useSuggestedUsers() {
  const afterFirstIdle = useAfterFirstIdle();
  return useQuery({
    queryKey: userKeys.suggested(),
    queryFn: fetchSuggestedUsers,
    staleTime: 5 * 60_000,
    // Beside the feed, not part of it: asked once the feed is drawn.
    enabled: afterFirstIdle,
  });
}

/** A changed profile shows everywhere at once: header avatar, mini card, profile pages. */
function storeMe(queryClient: QueryClient, me: Me) {
  setMe(queryClient, me);
  return queryClient.invalidateQueries({ queryKey: userKeys.profiles() });
}

interface ProfileFormValues {
  username: string;
  fullName: string;
  age: number;
  bio: string;
  avatar: File | null;
}

function toProfileFormData({ avatar, ...fields }: ProfileFormValues): FormData {
  const form = new FormData();
  form.set('username', fields.username);
  form.set('fullName', fields.fullName);
  form.set('age', String(fields.age));
  form.set('bio', fields.bio);
  if (avatar) form.set('avatar', avatar);
  return form;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    // The api client sends FormData untouched, so the browser sets the multipart boundary.
    mutationFn: (values: ProfileFormValues) =>
      api.call('updateMe', { body: toProfileFormData(values) }),
    onSuccess: (me) => storeMe(queryClient, me),
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api.call('updateMe', { body: input }),
    onSuccess: (me) => storeMe(queryClient, me),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => api.call('deleteMe'),
  });
}
